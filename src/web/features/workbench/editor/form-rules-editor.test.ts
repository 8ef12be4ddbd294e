/**
 * The editor's markup rendered on the server (no DOM in the unit project): the tree's ARIA structure and what the
 * first field's panel lists. Interaction (keys, typing, the lazy editors) is for the browser tests on the draft page.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldTreeView } from './field-tree-view';
import { FormRulesEditor } from './form-rules-editor';
import { buildFieldTree } from './model/field-tree';
import { mergeForm } from './model/merged-form';
import { repoTree } from './model/repo-tree.test-support';

const attributes = (html: string, role: string) =>
  [...html.matchAll(new RegExp(`<li[^>]*role="${role}"[^>]*>`, 'g'))].map((match) => match[0]);

describe('the field tree markup', () => {
  const tree = buildFieldTree(mergeForm(repoTree(), 'pergola'));
  const html = renderToStaticMarkup(
    createElement(FieldTreeView, {
      tree,
      selected: 'operableOption',
      onSelect: () => undefined,
      label: 'Fields of pergola',
    }),
  );

  it('is a labelled tree of levelled items, sections expanded, the selected field selected, one tab stop', () => {
    expect(html).toMatch(/<ul[^>]*role="tree"[^>]*aria-label="Fields of pergola"/);
    const items = attributes(html, 'treeitem');
    expect(items.length).toBeGreaterThan(30);
    expect(items.filter((item) => item.includes('tabindex="0"'))).toHaveLength(1);
    expect(items.find((item) => item.includes('aria-selected="true"'))).toMatch(
      /aria-label="Pergola Type \(operableOption\)"/,
    );
    expect(items.find((item) => item.includes('aria-label="Trim Color"'))).toMatch(
      /aria-expanded="true".*aria-level="1"|aria-level="1".*aria-expanded="true"/,
    );
    // Home Owner Information (personalInfo) has children and starts closed.
    expect(items.find((item) => item.includes('(personalInfo)'))).toMatch(/aria-expanded="false"/);
    expect(html).toMatch(/role="group"/);
  });
});

describe('the editor markup', () => {
  it('shows the selected field with the rules acting on it and reading it, and the problems at a rule', () => {
    const html = renderToStaticMarkup(
      createElement(FormRulesEditor, {
        files: repoTree(),
        form: 'pergola',
        selectedField: 'gutterOption',
        onChangeFile: () => undefined,
        problems: [
          {
            file: 'definitions/pergola/rules.json',
            path: '/rules/12/when',
            reason: 'never fires',
            check: 'never-fires',
            severity: 'warning',
          },
        ],
      }),
    );
    expect(html).toContain('Rules acting on Gutters (6)');
    expect(html).toMatch(/aria-label="Rule show:gutterOption"/);
    expect(html).toContain('/when: never fires');
    expect(html).toMatch(/aria-label="Edit rule show:gutterOption"/);
    expect(html).toMatch(/aria-label="Gutters \(gutterOption\), 6 rules"/);
  });

  it('names an included rule read-only with its file', () => {
    const html = renderToStaticMarkup(
      createElement(FormRulesEditor, {
        files: repoTree(),
        form: 'pergola',
        selectedField: 'selectedMountOption',
        onChangeFile: () => undefined,
        onOpenFile: () => undefined,
      }),
    );
    expect(html).toContain('Read-only here: rule');
    expect(html).toContain('definitions/shared/drawing-package/rules.json');
    expect(html).toContain('Open drawing-package/rules.json');
  });
});

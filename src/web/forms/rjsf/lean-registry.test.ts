import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { withTheme } from '@rjsf/core';
import coreFields from '@rjsf/core/lib/components/fields/index.js';
import coreTemplates from '@rjsf/core/lib/components/templates/index.js';
import coreWidgets from '@rjsf/core/lib/components/widgets/index.js';
import { generateTemplates } from '@rjsf/mui/lib/Templates/Templates.js';
import { generateWidgets } from '@rjsf/mui/lib/Widgets/Widgets.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { definitionFormValidator } from '../schema-validator';
import getLeanRegistry from './core-registry';
import leanMuiTemplates from './mui-templates';
import leanMuiWidgets from './mui-widgets';

const namesOf = (registry: object) => Object.keys(registry).sort();

describe("rjsf's registries as the app builds them", () => {
  it('offer every field, template, button and widget that rjsf and its MUI theme register', () => {
    const lean = getLeanRegistry();
    const full = { fields: coreFields(), templates: coreTemplates(), widgets: coreWidgets() };
    expect(namesOf(lean.fields)).toEqual(namesOf(full.fields));
    expect(namesOf(lean.templates)).toEqual(namesOf(full.templates));
    expect(namesOf(lean.templates.ButtonTemplates)).toEqual(namesOf(full.templates.ButtonTemplates));
    expect(namesOf(lean.widgets)).toEqual(namesOf(full.widgets));
    const mui = { templates: generateTemplates(), widgets: generateWidgets() };
    expect(namesOf(leanMuiTemplates)).toEqual(namesOf(mui.templates));
    expect(namesOf(leanMuiTemplates.ButtonTemplates!)).toEqual(namesOf(mui.templates.ButtonTemplates!));
    expect(namesOf(leanMuiWidgets)).toEqual(namesOf(mui.widgets));
  });

  it('draw a piece loaded on first use as rjsf draws it: an array with its add button, a textarea, a checkbox', async () => {
    const lean = getLeanRegistry();
    const Form = withTheme({ templates: leanMuiTemplates, widgets: leanMuiWidgets });
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        note: { type: 'string', title: 'Note' },
        agreed: { type: 'boolean', title: 'Agreed' },
        names: { type: 'array', title: 'Names', items: { type: 'string' } },
      },
    };
    const uiSchema: UiSchema = { note: { 'ui:widget': 'textarea' } };
    const { prelude } = await prerenderToNodeStream(
      createElement(Form, {
        schema,
        uiSchema,
        validator: definitionFormValidator,
        fields: lean.fields,
        templates: lean.templates,
        widgets: lean.widgets,
      }),
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    expect(html).toMatch(/<textarea[^>]*id="root_note"/);
    expect(html).toMatch(
      /<input[^>]*type="checkbox"[^>]*id="root_agreed"|<input[^>]*id="root_agreed"[^>]*type="checkbox"/,
    );
    expect(html).toContain('Names');
    expect(html).toMatch(/aria-label="Add"|title="Add"/);
  });
});

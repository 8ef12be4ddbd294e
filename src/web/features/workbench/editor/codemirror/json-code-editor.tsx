/**
 * A JSON editor for one piece of a definition (a rule, a named condition): CodeMirror 6 with the definition format's
 * JSON Schema (completion, hover, validation from codemirror-json-schema), completion of field paths, choices, named
 * conditions and price tables, parse errors, and the static checks' problems at their place. What parses is handed
 * to `onApply` (a pause in typing after the last change); what does not parse stays in the editor until it does.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { forceLinting, lintGutter, lintKeymap, linter, type Diagnostic } from '@codemirror/lint';
import { Annotation, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import {
  getJsonPointers,
  handleRefresh,
  jsonCompletion,
  jsonSchemaHover,
  jsonSchemaLinter,
  stateExtensions,
  updateSchema,
} from 'codemirror-json-schema';
import { disableErrorLogging } from 'best-effort-json-parser';
import { useEffect, useRef } from 'react';
import { formatJson } from '../../../../../../scripts/lib/json-format';
import { cspNonce } from '../../../../shared/csp-nonce';
import { definitionCompletionSource, type CompletionVocabulary } from './definition-completion';

type JsonSchema = Parameters<typeof updateSchema>[1];

// codemirror-json-schema reads half-typed JSON with this parser, which logs every unfinished text as an error.
disableErrorLogging();

/** A static-check problem inside the edited value: a JSON pointer relative to it (`/when/and/0`). */
export interface ValueProblem {
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface JsonCodeEditorProps {
  /** The value as the file holds it now; a different value from outside (undo, another editor) replaces the text. */
  value: unknown;
  /** The JSON Schema for a value (a rule's schema follows its kind). */
  schemaFor: (value: unknown) => JsonSchema | undefined;
  vocabulary: CompletionVocabulary;
  problems?: readonly ValueProblem[];
  /** Called with the parsed value after a pause in typing, when the text parses and differs from `value`. */
  onApply: (value: unknown) => void;
  /** Whether the text parses now (the caller shows that the change is not applied while it does not). */
  onParseState?: (parses: boolean) => void;
  /** Accessible name of the editor. */
  label: string;
  readOnly?: boolean;
}

const APPLY_DELAY_MS = 300;
/** Marks a change that came from outside (the value prop), so it is not applied back. */
const fromOutside = Annotation.define<boolean>();

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const theme = EditorView.theme({
  '&': { fontSize: '0.875rem', border: '1px solid rgba(0, 0, 0, 0.23)', borderRadius: '4px' },
  '&.cm-focused': { outline: '2px solid #1976d2', outlineOffset: '1px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', maxHeight: '28rem' },
  '.cm-tooltip': { maxWidth: '32rem' },
});

export function JsonCodeEditor(props: JsonCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  /** The value the text stands for now (what was last applied or set from outside). */
  const shown = useRef<string>(JSON.stringify(props.value));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const currentSchema = useRef<JsonSchema | undefined>(undefined);

  useEffect(() => {
    const problemsLinter = linter((editor): Diagnostic[] => {
      const problems = latest.current.problems ?? [];
      if (problems.length === 0) return [];
      const pointers = getJsonPointers(editor.state, 'json' as Parameters<typeof getJsonPointers>[1]);
      return problems.map((problem) => {
        // The nearest pointer the text has: the problem's own, else its parent's, else the whole value.
        let pointer = problem.pointer;
        while (pointer && !pointers.get(pointer)) pointer = pointer.slice(0, pointer.lastIndexOf('/'));
        const at = pointers.get(pointer);
        const range = at && 'valueFrom' in at ? at : undefined;
        return {
          from: range?.valueFrom ?? at?.keyFrom ?? 0,
          to: range?.valueTo ?? at?.keyTo ?? Math.min(1, editor.state.doc.length),
          severity: problem.severity,
          message: problem.message,
          source: 'check:definitions',
        };
      });
    });
    const apply = () => {
      const editor = view.current;
      if (!editor) return;
      const parsed = parse(editor.state.doc.toString());
      if (!parsed.ok || JSON.stringify(parsed.value) === shown.current) return;
      shown.current = JSON.stringify(parsed.value);
      latest.current.onApply(parsed.value);
    };
    const state = EditorState.create({
      doc: formatJson(latest.current.value).trimEnd(),
      extensions: [
        lineNumbers(),
        highlightActiveLine(),
        history(),
        bracketMatching(),
        closeBrackets(),
        syntaxHighlighting(defaultHighlightStyle),
        autocompletion(),
        lintGutter(),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
        json(),
        linter(jsonParseLinter()),
        linter(jsonSchemaLinter(), { needsRefresh: handleRefresh }),
        problemsLinter,
        jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
        jsonLanguage.data.of({ autocomplete: definitionCompletionSource(() => latest.current.vocabulary) }),
        hoverTooltip(jsonSchemaHover()),
        stateExtensions((currentSchema.current = latest.current.schemaFor(latest.current.value))),
        EditorView.lineWrapping,
        // tabindex: a read-only editor is not contenteditable, and axe counts a scroller focusable only through it.
        EditorView.contentAttributes.of({ 'aria-label': latest.current.label, tabindex: '0' }),
        EditorState.readOnly.of(Boolean(latest.current.readOnly)),
        EditorView.editable.of(!latest.current.readOnly),
        ...(cspNonce ? [EditorView.cspNonce.of(cspNonce)] : []),
        theme,
        EditorView.updateListener.of((update) => {
          if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromOutside))) return;
          const parsed = parse(update.state.doc.toString());
          latest.current.onParseState?.(parsed.ok);
          if (!parsed.ok) return;
          // A rule whose kind changed gets that kind's schema (schemaFor returns the same object per kind).
          const schema = latest.current.schemaFor(parsed.value);
          if (schema !== currentSchema.current) {
            currentSchema.current = schema;
            updateSchema(update.view, schema);
          }
          clearTimeout(timer.current);
          timer.current = setTimeout(apply, APPLY_DELAY_MS);
        }),
      ],
    });
    view.current = new EditorView({ state, parent: host.current! });
    return () => {
      clearTimeout(timer.current);
      apply();
      view.current?.destroy();
      view.current = null;
    };
  }, []);

  // A value changed outside (undo, the condition builder, a text field): the text follows unless it already says so.
  const valueText = JSON.stringify(props.value);
  useEffect(() => {
    const editor = view.current;
    if (!editor || valueText === shown.current) return;
    const parsed = parse(editor.state.doc.toString());
    if (parsed.ok && JSON.stringify(parsed.value) === valueText) {
      shown.current = valueText;
      return;
    }
    shown.current = valueText;
    clearTimeout(timer.current);
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: formatJson(JSON.parse(valueText)).trimEnd() },
      annotations: fromOutside.of(true),
    });
    currentSchema.current = latest.current.schemaFor(JSON.parse(valueText));
    updateSchema(editor, currentSchema.current);
    latest.current.onParseState?.(true);
  }, [valueText]);

  const problemsText = JSON.stringify(props.problems ?? []);
  useEffect(() => {
    if (view.current) forceLinting(view.current);
  }, [problemsText]);

  return <div ref={host} />;
}

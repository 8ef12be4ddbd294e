/**
 * The workbench's Web Worker, as a pure message handler: it keeps the draft's files and a DefinitionCompiler between
 * messages, so an edit sends only the changed files and recompiles only the forms that read them. The worker file
 * (src/web) is `const handle = createWorkbenchHandler(); onmessage = (e) => postMessage(handle(e.data));`.
 */
import type { Problem } from '../engine/index';
import { createMemoryFiles } from './definition-files';
import { listForms } from './load-definition';
import { DefinitionCompiler, runGoldenOrdersInMemory, type GoldenOrdersReport } from './run-golden-orders';

/** A request: replace the whole tree (`files`) and/or change some files (`changes`, null deletes), then run. */
export interface WorkbenchRequest {
  /** Echoed in the answer (the page drops answers to requests it has superseded). */
  id: number;
  /** The whole tree (`definitions/...`, `tests/golden/...` -> content); kept for the next requests. */
  files?: Record<string, string>;
  /** Files changed since the last request (null: deleted). */
  changes?: Record<string, string | null>;
  /** `golden-orders` (default): compile and replay; `check`: compile only (problems, rule ids, sources). */
  run?: 'golden-orders' | 'check';
  /** Only this form (and its golden orders). */
  form?: string;
  firedPerOrder?: boolean;
}

/** A form compiled for a check: its problems, its rule ids and where each rule is written. */
export interface FormCheckAnswer {
  form: string;
  ok: boolean;
  problems: Problem[];
  ruleIds: string[];
  /** Merged rule index -> file and index there (and include params). */
  ruleSources: { file: string; index: number; params?: string }[];
}

/** The answer: a report, a check, or why the request failed. Structured-cloneable. */
export type WorkbenchAnswer =
  | { id: number; kind: 'golden-orders'; report: GoldenOrdersReport }
  | { id: number; kind: 'check'; forms: FormCheckAnswer[] }
  | { id: number; kind: 'error'; message: string };

/** A message handler keeping the tree and the compiled forms between messages. */
export function createWorkbenchHandler(): (request: WorkbenchRequest) => WorkbenchAnswer {
  const compiler = new DefinitionCompiler();
  let files = new Map<string, string>();
  return (request) => {
    try {
      if (request.files) files = new Map(Object.entries(request.files));
      if (request.changes) {
        files = new Map(files);
        for (const [path, content] of Object.entries(request.changes)) {
          if (content === null) files.delete(path);
          else files.set(path, content);
        }
      }
      if (request.run === 'check') {
        const forms = request.form !== undefined ? [request.form] : listForms(createMemoryFiles(files));
        return {
          id: request.id,
          kind: 'check',
          forms: forms.map((form) => {
            const compiled = compiler.compile(files, form);
            return {
              form,
              ok: compiled.compiled !== undefined,
              problems: compiled.problems,
              ruleIds: [...(compiled.compiled?.ruleIds ?? [])],
              ruleSources: compiled.sources?.rules ?? [],
            };
          }),
        };
      }
      const report = runGoldenOrdersInMemory(files, {
        compiler,
        form: request.form,
        firedPerOrder: request.firedPerOrder,
      });
      return { id: request.id, kind: 'golden-orders', report };
    } catch (error) {
      return { id: request.id, kind: 'error', message: (error as Error).message };
    }
  };
}

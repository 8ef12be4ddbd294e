/**
 * The page's side of the proof's worker: posts only the files that changed since the worker last heard of them, asks
 * for a form's golden orders and its check, and hands back one result per edit. One run is in flight at a time: an edit
 * made while one runs waits, and when the running answer comes it is dropped (stale) and the newest edit runs, so edits
 * typed faster than the worker answers cost one run, not one each.
 */
import type {
  FormCheckAnswer,
  GoldenOrdersReport,
  WorkbenchAnswer,
  WorkbenchRequest,
} from '../../../../definition-tree';

/** The files a run reads: tree path -> text. */
export type ProofFiles = Readonly<Record<string, string>>;

/** One finished run: the form's golden orders and its check, against `files`. */
export interface ProofResult {
  files: ProofFiles;
  report: GoldenOrdersReport;
  check: FormCheckAnswer | undefined;
  /** Milliseconds from the edit (run() called) to the answer. */
  tookMs: number;
}

export type ProofOutcome = { kind: 'result'; result: ProofResult } | { kind: 'error'; message: string };

/** What the client needs of a Worker (a real one, or a stand-in running the handler in tests and benchmarks). */
export interface ProofWorkerPort {
  postMessage(message: WorkbenchRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkbenchAnswer>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

interface Run {
  files: ProofFiles;
  started: number;
}

export class ProofClient {
  private worker: ProofWorkerPort | undefined;
  /** What the worker holds (undefined: nothing yet, the next run posts the whole tree). */
  private sent: ProofFiles | undefined;
  private nextId = 0;
  private inFlight: (Run & { reportId: number; checkId: number; report?: GoldenOrdersReport }) | undefined;
  private waiting: Run | undefined;
  private isDisposed = false;

  constructor(
    private readonly form: string,
    private readonly onOutcome: (outcome: ProofOutcome) => void,
    private readonly startWorker: () => ProofWorkerPort,
  ) {}

  /** Runs the form's golden orders and check against `files` (edited at `started`); supersedes any run not answered. */
  run(files: ProofFiles, started = performance.now()): void {
    if (this.isDisposed) return;
    const run = { files, started };
    if (this.inFlight) this.waiting = run;
    else this.post(run);
  }

  /** Whether a run is under way (or waiting for one to finish). */
  get isRunning(): boolean {
    return this.inFlight !== undefined;
  }

  dispose(): void {
    this.isDisposed = true;
    this.worker?.terminate();
    this.worker = undefined;
  }

  private post(run: Run): void {
    const worker = this.ensureWorker();
    const reportId = ++this.nextId;
    const checkId = ++this.nextId;
    const base: WorkbenchRequest = this.sent
      ? { id: reportId, changes: changesBetween(this.sent, run.files) }
      : { id: reportId, files: { ...run.files } };
    this.sent = run.files;
    this.inFlight = { ...run, reportId, checkId };
    worker.postMessage({ ...base, form: this.form, run: 'golden-orders' });
    // Compiled a moment ago: the check comes from the worker's cache and adds where each rule is written.
    worker.postMessage({ id: checkId, form: this.form, run: 'check' });
  }

  private ensureWorker(): ProofWorkerPort {
    if (this.worker) return this.worker;
    const worker = this.startWorker();
    worker.addEventListener('message', (event) => this.receive(event.data));
    worker.addEventListener('error', (event) => this.fail(event.message || 'the worker stopped'));
    this.worker = worker;
    return worker;
  }

  private receive(answer: WorkbenchAnswer): void {
    const run = this.inFlight;
    if (!run || this.isDisposed) return;
    if (answer.kind === 'error') {
      if (answer.id === run.reportId || answer.id === run.checkId)
        this.finish({ kind: 'error', message: answer.message });
      return;
    }
    if (answer.id === run.reportId && answer.kind === 'golden-orders') {
      run.report = answer.report;
      return;
    }
    if (answer.id !== run.checkId || answer.kind !== 'check' || !run.report) return;
    this.finish({
      kind: 'result',
      result: {
        files: run.files,
        report: run.report,
        check: answer.forms.find((form) => form.form === this.form),
        tookMs: performance.now() - run.started,
      },
    });
  }

  /** Ends the run in flight: a newer edit runs instead of showing this outcome, which is stale. */
  private finish(outcome: ProofOutcome): void {
    this.inFlight = undefined;
    const next = this.waiting;
    this.waiting = undefined;
    if (next) this.post(next);
    else this.onOutcome(outcome);
  }

  /** The worker died (an uncaught error, out of memory): a new one gets the whole tree on the next run. */
  private fail(message: string): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.sent = undefined;
    this.inFlight = undefined;
    const next = this.waiting;
    this.waiting = undefined;
    if (next) this.post(next);
    else this.onOutcome({ kind: 'error', message: `The golden orders could not run: ${message}` });
  }
}

/** Files changed, added or removed (null) from `before` to `after`. */
export function changesBetween(before: ProofFiles, after: ProofFiles): Record<string, string | null> {
  const changes: Record<string, string | null> = {};
  for (const [path, text] of Object.entries(after)) if (before[path] !== text) changes[path] = text;
  for (const path of Object.keys(before)) if (!(path in after)) changes[path] = null;
  return changes;
}

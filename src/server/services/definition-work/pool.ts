/**
 * The server's definition-work threads: up to `workers` of them, each started on first use and kept for the next
 * task (its compiled forms and replayed golden orders stay warm). A task waits for a free thread; once sent it has
 * `timeoutMs` of wall clock, else its thread is terminated (a new one starts when next needed) and the task fails with
 * DefinitionWorkStopped naming what it was doing. Each thread is sent only the file contents it was not sent before.
 */
import type { Worker } from 'node:worker_threads';
import type { CheckStep, TreeChecks } from '../definition-versions/compile';
import type { OrderOutcome, ReplayedOrder } from '../definition-versions/impact-replay';
import type { TreeFiles } from '../definition-versions/tree';
import { DefinitionWorkFailed, DefinitionWorkStopped, type DefinitionWork } from './definition-work';
import type { TaskMessage, WorkTask, WorkerMessage } from './messages';
import { startDefinitionWorker } from './worker-start';

export interface DefinitionWorkPoolOptions {
  /** Threads at most. */
  workers: number;
  /** A task's wall-clock limit once its thread has it. */
  timeoutMs: number;
  /** How long a new thread may take to load its modules before its task fails. */
  startLimitMs?: number;
  /** Starts a thread (tests start their own). */
  start?: () => Worker;
}

interface Job {
  id: number;
  task: WorkTask;
  /** The trees the task reads, for the contents its thread lacks. */
  trees: TreeFiles[];
  resolve(answer: unknown): void;
  reject(error: Error): void;
  /** The last step the thread reported. */
  step?: CheckStep;
  timer?: NodeJS.Timeout;
  wasResent?: boolean;
}

interface Thread {
  worker: Worker;
  isReady: boolean;
  /** Hashes of the contents sent to this thread. */
  sent: Set<string>;
  job?: Job;
  startTimer?: NodeJS.Timeout;
}

/** Hashes remembered as sent per thread; beyond it the memory starts over (a few contents are then sent twice). */
const MAX_SENT = 100_000;

export class DefinitionWorkPool implements DefinitionWork {
  private readonly threads: (Thread | undefined)[];
  private readonly queue: Job[] = [];
  private readonly startLimitMs: number;
  private readonly start: () => Worker;
  private nextId = 1;
  private isClosed = false;

  constructor(private readonly options: DefinitionWorkPoolOptions) {
    this.threads = new Array<Thread | undefined>(Math.max(1, options.workers)).fill(undefined);
    this.startLimitMs = options.startLimitMs ?? Math.max(60_000, options.timeoutMs);
    this.start = options.start ?? startDefinitionWorker;
  }

  check(tree: TreeFiles): Promise<TreeChecks> {
    return this.run<TreeChecks>({ kind: 'check', tree: tree.manifest }, [tree]);
  }

  impact(published: TreeFiles, draft: TreeFiles, orders: ReplayedOrder[]): Promise<OrderOutcome[]> {
    return this.run<OrderOutcome[]>({ kind: 'impact', published: published.manifest, draft: draft.manifest, orders }, [
      published,
      draft,
    ]);
  }

  /** Threads running now (started and not stopped). */
  get threadCount(): number {
    return this.threads.filter(Boolean).length;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    const closing = new DefinitionWorkFailed('the server is closing');
    for (const job of this.queue.splice(0)) job.reject(closing);
    const running = this.threads.filter((thread): thread is Thread => !!thread);
    await Promise.all(running.map((thread) => this.retire(thread, closing)));
  }

  private run<T>(task: WorkTask, trees: TreeFiles[]): Promise<T> {
    if (this.isClosed) return Promise.reject(new DefinitionWorkFailed('the server is closing'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, trees, resolve: resolve as (answer: unknown) => void, reject });
      this.pump();
    });
  }

  /** Hands queued jobs to idle threads, warm ones first, starting a thread where a slot is empty. */
  private pump(): void {
    while (this.queue.length > 0 && !this.isClosed) {
      let index = this.threads.findIndex((thread) => thread && !thread.job);
      if (index < 0) index = this.threads.findIndex((thread) => !thread);
      if (index < 0) return;
      const thread = this.threads[index] ?? this.startThread(index);
      const job = this.queue.shift()!;
      thread.job = job;
      if (thread.isReady) this.send(thread, job);
    }
  }

  private startThread(index: number): Thread {
    const worker = this.start();
    worker.unref(); // an idle thread never keeps the process alive
    const thread: Thread = { worker, isReady: false, sent: new Set() };
    this.threads[index] = thread;
    thread.startTimer = setTimeout(
      () =>
        void this.retire(thread, new DefinitionWorkFailed(`its thread did not start within ${this.startLimitMs} ms`)),
      this.startLimitMs,
    );
    worker.on('message', (message: WorkerMessage) => this.onMessage(thread, message));
    worker.on(
      'error',
      (error) => void this.retire(thread, new DefinitionWorkFailed(`its thread failed: ${error.message}`)),
    );
    worker.on(
      'exit',
      (code) => void this.retire(thread, new DefinitionWorkFailed(`its thread ended (exit code ${code})`)),
    );
    return thread;
  }

  private onMessage(thread: Thread, message: WorkerMessage): void {
    if (message.type === 'ready') {
      thread.isReady = true;
      clearTimeout(thread.startTimer);
      if (thread.job) this.send(thread, thread.job);
      return;
    }
    const job = thread.job;
    if (!job || job.id !== message.id) return;
    switch (message.type) {
      case 'step':
        job.step = message.step;
        return;
      case 'missing':
        if (job.wasResent) return this.settle(thread, () => job.reject(new DefinitionWorkFailed('file contents lost')));
        job.wasResent = true;
        return this.send(thread, job, message.hashes);
      case 'done':
        return this.settle(thread, () => job.resolve(message.answer));
      case 'failed':
        return this.settle(thread, () => job.reject(new DefinitionWorkFailed(message.message)));
    }
  }

  /** Sends the job with the contents the thread was not sent (or those it asked for again); its clock starts once. */
  private send(thread: Thread, job: Job, wanted?: string[]): void {
    if (thread.sent.size > MAX_SENT) thread.sent.clear();
    const hashes = wanted ?? job.trees.flatMap((tree) => Object.values(tree.manifest));
    const contents: [string, string][] = [];
    for (const hash of new Set(hashes)) {
      if (!wanted && thread.sent.has(hash)) continue;
      // As the request thread read a tree: a content missing from it is empty.
      const text = job.trees.map((tree) => tree.contents.get(hash)).find((found) => found !== undefined) ?? '';
      contents.push([hash, text]);
      thread.sent.add(hash);
    }
    const message: TaskMessage = { id: job.id, task: job.task, contents };
    thread.worker.postMessage(message);
    job.timer ??= setTimeout(() => {
      if (thread.job === job) void this.retire(thread, new DefinitionWorkStopped(this.options.timeoutMs, job.step));
    }, this.options.timeoutMs);
  }

  private settle(thread: Thread, answer: () => void): void {
    clearTimeout(thread.job?.timer);
    thread.job = undefined;
    answer();
    this.pump();
  }

  /** Ends a thread (stopped, failed or closing): its job fails with `error`, its slot starts a new one when needed. */
  private async retire(thread: Thread, error: DefinitionWorkFailed): Promise<void> {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads[index] = undefined;
    clearTimeout(thread.startTimer);
    const job = thread.job;
    thread.job = undefined;
    if (job) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    const ended = thread.worker.terminate().catch(() => 0);
    this.pump();
    await ended;
  }
}

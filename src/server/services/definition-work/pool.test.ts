import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { TreeChecks } from '../definition-versions/compile';
import { sha256, type TreeFiles } from '../definition-versions/tree';
import { ContentStore } from './content-store';
import { DefinitionWorkFailed, DefinitionWorkStopped } from './definition-work';
import type { TaskMessage, WorkerMessage } from './messages';
import { DefinitionWorkPool } from './pool';

const checks: TreeChecks = {
  ok: true,
  staticChecks: { errors: 0, warnings: 0, problems: [], forms: [] },
  goldenOrders: { total: 0, passed: 0, failed: 0, invalid: 0, failures: [] },
  tookMs: 0,
};

/** A thread that answers as `reply` says (nothing: it never answers), recording what it was sent. */
class FakeThread extends EventEmitter {
  readonly received: TaskMessage[] = [];
  isTerminated = false;
  constructor(private readonly reply: (message: TaskMessage, thread: FakeThread) => WorkerMessage[]) {
    super();
    setImmediate(() => this.emit('message', { type: 'ready' }));
  }
  postMessage(message: TaskMessage) {
    this.received.push(message);
    setImmediate(() => this.reply(message, this).forEach((answer) => this.emit('message', answer)));
  }
  terminate() {
    this.isTerminated = true;
    return Promise.resolve(0);
  }
  unref() {}
}

function poolOf(reply: (message: TaskMessage, thread: FakeThread) => WorkerMessage[], timeoutMs = 5_000) {
  const threads: FakeThread[] = [];
  const pool = new DefinitionWorkPool({
    workers: 1,
    timeoutMs,
    start: () => {
      const thread = new FakeThread(reply);
      threads.push(thread);
      return thread as unknown as Worker;
    },
  });
  return { pool, threads };
}

function treeOf(files: Record<string, string>): TreeFiles {
  const contents = new Map(Object.values(files).map((text) => [sha256(text), text]));
  return {
    manifest: Object.fromEntries(Object.entries(files).map(([treePath, text]) => [treePath, sha256(text)])),
    contents,
  };
}

const done = (message: TaskMessage): WorkerMessage[] => [{ type: 'done', id: message.id, answer: checks }];

describe('DefinitionWorkPool', () => {
  const files = {
    'definitions/a/rules.json': '{"rules":[]}',
    'definitions/a/schema.json': '{}',
    'tests/golden/a/1.json': '{"form":"a"}',
  };

  it('starts one thread on first use, keeps it, and sends it only the contents it was not sent', async () => {
    const { pool, threads } = poolOf(done);
    expect(pool.threadCount).toBe(0);
    expect(await pool.check(treeOf(files))).toEqual(checks);
    expect(await pool.check(treeOf({ ...files, 'definitions/a/rules.json': '{"rules":[1]}' }))).toEqual(checks);
    expect(threads).toHaveLength(1);
    expect(threads[0].received.map((message) => message.contents.map(([, text]) => text))).toEqual([
      ['{"rules":[]}', '{}', '{"form":"a"}'],
      ['{"rules":[1]}'],
    ]);
    await pool.close();
  });

  it('sends again the contents a thread says it dropped', async () => {
    const { pool, threads } = poolOf((message) =>
      message.contents.length === 0 ? [{ type: 'missing', id: message.id, hashes: [sha256('{}')] }] : done(message),
    );
    await pool.check(treeOf(files));
    await pool.check(treeOf(files));
    expect(threads[0].received.map((message) => message.contents.map(([, text]) => text))).toEqual([
      ['{"rules":[]}', '{}', '{"form":"a"}'],
      [],
      ['{}'],
    ]);
    await pool.close();
  });

  it('stops a task over its limit naming its last step, and runs the next one on a new thread', async () => {
    let isStuck = true;
    const { pool, threads } = poolOf(
      (message) => [
        {
          type: 'step',
          id: message.id,
          step: { doing: 'replaying the golden order tests/golden/a/1.json', file: 'x' },
        },
        ...(isStuck ? [] : done(message)),
      ],
      100,
    );
    const stopped = await pool.check(treeOf(files)).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(DefinitionWorkStopped);
    expect((stopped as Error).message).toBe(
      'took longer than 100 ms and was stopped: replaying the golden order tests/golden/a/1.json',
    );
    expect(threads[0].isTerminated).toBe(true);
    expect(pool.threadCount).toBe(0);
    isStuck = false;
    expect(await pool.check(treeOf(files))).toEqual(checks);
    expect(threads).toHaveLength(2);
    expect(threads[1].received[0].contents).toHaveLength(3); // a new thread holds nothing yet
    await pool.close();
  });

  it('queues tasks for its one thread and fails a thread that crashes, and what is asked after closing', async () => {
    const { pool, threads } = poolOf((message, thread) => {
      if (message.task.kind === 'check' && 'definitions/crash.json' in message.task.tree)
        thread.emit('error', new Error('out of memory'));
      return done(message);
    });
    const [first, second] = await Promise.all([pool.check(treeOf(files)), pool.check(treeOf(files))]);
    expect([first, second]).toEqual([checks, checks]);
    expect(threads).toHaveLength(1);
    await expect(pool.check(treeOf({ 'definitions/crash.json': '{}' }))).rejects.toThrow(
      new DefinitionWorkFailed('its thread failed: out of memory'),
    );
    await pool.close();
    await expect(pool.check(treeOf(files))).rejects.toThrow('the server is closing');
  });
});

describe('ContentStore', () => {
  it('keeps the contents of its last trees only, and names what it lacks', () => {
    const store = new ContentStore();
    const trees = Array.from({ length: 8 }, (_, i) => treeOf({ 'definitions/a/rules.json': `{"v":${i}}` }));
    for (const tree of trees) {
      store.add([...tree.contents]);
      store.keep([tree.manifest]);
    }
    expect(store.size).toBe(6);
    expect(store.missing([trees[0].manifest, trees[7].manifest])).toEqual([sha256('{"v":0}')]);
  });
});

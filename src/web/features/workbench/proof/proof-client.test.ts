import { describe, expect, it } from 'vitest';
import { createWorkbenchHandler, type WorkbenchAnswer, type WorkbenchRequest } from '../../../../definition-tree';
import { changesBetween, ProofClient, type ProofOutcome, type ProofWorkerPort } from './proof-client';

/** The worker's real handler behind a port that answers on a later task, as a worker does; it records each request. */
function handlerPort(requests: WorkbenchRequest[]): ProofWorkerPort {
  const handle = createWorkbenchHandler();
  const listeners: ((event: MessageEvent<WorkbenchAnswer>) => void)[] = [];
  return {
    postMessage(request) {
      requests.push(structuredClone(request));
      setTimeout(() => {
        const answer = handle(request);
        for (const listener of listeners) listener({ data: answer } as MessageEvent<WorkbenchAnswer>);
      }, 5);
    },
    addEventListener(type: string, listener: (event: never) => void) {
      if (type === 'message') listeners.push(listener as (event: MessageEvent<WorkbenchAnswer>) => void);
    },
    terminate() {},
  };
}

/** A one-rule form: a length over the limit is "long"; its golden order expects 25 to be long (passes at 20 only). */
const tree = (limit: number): Record<string, string> => ({
  'definitions/tiny/rules.json': JSON.stringify({
    form: 'tiny',
    rules: [
      {
        kind: 'force',
        id: 'force:long',
        description: 'a length over the limit is long',
        when: { '>': [{ var: 'length' }, limit] },
        set: { size: 'long' },
      },
    ],
  }),
  'definitions/tiny/ui.json': '{}',
  'definitions/tiny/schema.json': JSON.stringify({
    type: 'object',
    properties: { length: { type: 'number' }, size: { type: 'string' } },
  }),
  'tests/golden/tiny/001.json': JSON.stringify({
    title: 'long',
    form: 'tiny',
    steps: [{ set: { length: 25 } }],
    expect: { data: { size: 'long' } },
  }),
});

describe('the proof client', () => {
  it('names only what changed between two trees', () => {
    expect(changesBetween({ a: '1', b: '2', c: '3' }, { a: '1', b: '22', d: '4' })).toEqual({
      b: '22',
      d: '4',
      c: null,
    });
  });

  it('posts the tree once then only changes, and runs only the newest of edits made while one runs', async () => {
    const requests: WorkbenchRequest[] = [];
    const outcomes: ProofOutcome[] = [];
    let done: () => void = () => {};
    const client = new ProofClient(
      'tiny',
      (outcome) => {
        outcomes.push(outcome);
        done();
      },
      () => handlerPort(requests),
    );
    let answered = new Promise<void>((resolve) => (done = resolve));
    client.run(tree(20));
    client.run(tree(30));
    client.run(tree(40));
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The first run, then the newest edit: the middle one never ran and nothing stale was handed back.
    const runs = requests.filter((r) => r.run === 'golden-orders');
    expect(runs.map((r) => Object.keys(r.files ?? r.changes ?? {}))).toEqual([
      Object.keys(tree(20)),
      ['definitions/tiny/rules.json'],
    ]);
    expect(outcomes).toHaveLength(1);
    const [outcome] = outcomes;
    if (outcome.kind !== 'result') throw new Error(JSON.stringify(outcome));
    expect(outcome.result.files).toEqual(tree(40));
    expect(outcome.result.report.total).toBe(1);
    expect(outcome.result.report.passed).toBe(0);
    expect(outcome.result.check?.ruleIds).toEqual(['force:long']);
    expect(outcome.result.tookMs).toBeGreaterThan(0);

    answered = new Promise<void>((resolve) => (done = resolve));
    client.run(tree(20));
    await answered;
    const last = outcomes[1];
    expect(last.kind === 'result' && last.result.report.passed).toBe(1);
    client.dispose();
  });
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAllDefinitions } from '../../src/server/definitions/index';
import { formatRun, isEquivalent, runGoldenOrders } from './golden-orders';

const { definitions } = loadAllDefinitions('definitions');
const goodOrder = JSON.parse(readFileSync('tests/golden/engineering/33-total-two-documents.json', 'utf8'));
let dir: string;

function writeOrder(name: string, content: unknown): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'golden-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runGoldenOrders', () => {
  it('passes every golden order in tests/golden and reports rule coverage', () => {
    const run = runGoldenOrders(['tests/golden'], { definitions });
    expect(run.results.filter((r) => r.status !== 'pass')).toEqual([]);
    expect(run.exitCode).toBe(0);
    const lines = formatRun(run);
    expect(lines[lines.length - 1]).toBe(`${run.passed} passed, 0 failed`);
    expect(lines).toContainEqual(expect.stringMatching(/^coverage engineering: \d+\/\d+ rules fired/));
    expect(lines[lines.length - 2]).toMatch(/^coverage [a-z-]+: \d+\/\d+ rules fired/);
    // A thousand orders take about 5 s on a shared 2-core machine: more than vitest's default 5 s.
  }, 60_000);

  it('fails a deliberately broken order with one readable line per difference', () => {
    const broken = {
      ...goodOrder,
      title: 'wrong total',
      expect: {
        price: 200,
        data: { signedSealedQty: 2 },
        missing: ['userFileName'],
        errors: { 'personalInfo.email': 'Invalid email' },
      },
    };
    const file = writeOrder('broken/wrong-total.json', broken);
    const run = runGoldenOrders([file], { definitions });
    expect(run.exitCode).toBe(1);
    expect(formatRun(run)).toEqual([
      `FAIL ${file} wrong total`,
      '  expect.data.signedSealedQty: expected 2, got 1',
      '  expect.missing: absent ["userFileName"]',
      '  expect.errors.personalInfo.email: expected "Invalid email", got null',
      '  expect.price: expected 200, got 198',
      expect.stringMatching(/^coverage engineering: \d+\/\d+ rules fired/),
      '0 passed, 1 failed',
    ]);
  });

  it.each([
    ['not JSON', '{ "form": "engineering", ', /not JSON/],
    ['unknown form', { title: 't', form: 'gazebo', expect: {} }, /unknown form "gazebo"/],
    [
      'unknown expect key',
      { title: 't', form: 'engineering', expect: { totals: 3 } },
      /unknown key in expect: "totals"/,
    ],
    [
      'unknown path in expect',
      { title: 't', form: 'engineering', expect: { missing: ['personalInfo.phone'] } },
      /unknown path "personalInfo.phone"/,
    ],
    [
      'unknown path in a step',
      { title: 't', form: 'engineering', steps: [{ set: { windspeed: 90 } }] },
      /steps\[0\]\.set: unknown path "windspeed"/,
    ],
  ])('treats a file with %s as invalid (exit 2, never passed)', (_name, content, reason) => {
    const file = writeOrder(`invalid/${String(_name).replace(/\W+/g, '-')}.json`, content);
    const run = runGoldenOrders([file], { definitions });
    expect(run.exitCode).toBe(2);
    expect(run.passed).toBe(0);
    expect(run.results[0].details.join('\n')).toMatch(reason);
    expect(formatRun(run)[0]).toBe(`FAIL ${file}${typeof content === 'object' ? ' t' : ''} (not a valid golden order)`);
  });

  it('compares expect.notices with the toast texts every step raised, in order and exactly', () => {
    const channel = 'Type your Vertical Channel request into the Special Instructions boxes AND please EMAIL A SKETCH.';
    const wall = 'You have entered in a wall length that is greater than 75 feet.';
    const steps = [
      { set: { selectedVertChannelOption: 'Other' } },
      { set: { selectedPavilionLayoutOption: '1' } },
      { set: { 'wallLengthsFeet.0': '80' } },
    ];
    const order = (notices: string[]) => ({ title: 't', form: 'sunroom', steps, expect: { notices } });
    const right = runGoldenOrders([writeOrder('notices/right.json', order([channel, wall]))], { definitions });
    expect(right.results[0].details).toEqual([]);
    const swapped = writeOrder('notices/swapped.json', order([wall, channel]));
    expect(formatRun(runGoldenOrders([swapped], { definitions }))[1]).toBe(
      `  expect.notices: expected ${JSON.stringify([wall, channel])}, got ${JSON.stringify([channel, wall])}`,
    );
    expect(runGoldenOrders([writeOrder('notices/none.json', order([]))], { definitions }).exitCode).toBe(1);
    const quiet = runGoldenOrders(
      [writeOrder('notices/quiet.json', { title: 't', form: 'sunroom', steps: [steps[1]], expect: { notices: [] } })],
      { definitions },
    );
    expect(quiet.exitCode).toBe(0);
    const invalid = runGoldenOrders(
      [writeOrder('notices/invalid.json', { title: 't', form: 'sunroom', expect: { notices: 'Maximum' } })],
      { definitions },
    );
    expect(invalid.results[0].details).toEqual(['expect.notices must be an array of texts']);
  });

  it('walks directories recursively and reports a missing target', () => {
    writeOrder('tree/a/b/deep.json', goodOrder);
    const run = runGoldenOrders([path.join(dir, 'tree'), path.join(dir, 'nowhere')], { definitions });
    expect(run.results.map((r) => r.status)).toEqual(['invalid', 'pass']);
    expect(run.exitCode).toBe(2);
  });
});

describe('isEquivalent (the contract comparison)', () => {
  it('treats absent, null and "" as the same and 12 as "12"', () => {
    expect(isEquivalent(null, undefined)).toBe(true);
    expect(isEquivalent('', null)).toBe(true);
    expect(isEquivalent(12, '12')).toBe(true);
    expect(isEquivalent('12', 12)).toBe(true);
    expect(isEquivalent(0, null)).toBe(false);
    expect(isEquivalent({ a: 1 }, { a: '1', b: 2 }, true)).toBe(true);
  });
});

describe('npm run check:orders', () => {
  const runCli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-orders.ts', ...args], { encoding: 'utf8' });

  it('exits 1 with the closing line when an order fails, and 2 when a file is not a golden order', () => {
    const failing = runCli(path.join(dir, 'broken'));
    expect(failing.status).toBe(1);
    expect(failing.stdout.trim().split('\n').pop()).toBe('0 passed, 1 failed');
    const invalid = runCli(path.join(dir, 'invalid'));
    expect(invalid.status).toBe(2);
    expect(invalid.stdout).toMatch(/^FAIL .*not-JSON\.json \(not a valid golden order\)$/m);
  }, 30_000);
});

/**
 * `npm run bench:desk-page`: the order desk in Chromium over 100,000 orders (issue 14). The production build, a
 * test server on PGlite with 100,000 more orders across the demo dealers (one INSERT ... SELECT generate_series),
 * temo.staff signed in. Timed from the action to the grid showing the new answer's first row and count:
 *   - first page: the Order Desk nav link clicked (the page's chunk, the filters and the first block of 100 rows);
 *   - filter changes: a state tab, a dealer, the search (typed; includes the 250 ms pause), a date range, a sort.
 * Then the same answers over HTTP alone, to tell the server's share. BENCH_RUNS (5) rounds; p50/p95 with the load
 * average; BENCH_DESK_TRACE=1 prints, per action, when each API request started and how long it took (the rest is the
 * browser). Not a test: the figures go in the closing note.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const extraOrders = Number(process.env.BENCH_DESK_ORDERS ?? 100_000);

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** The grid's first row and the count line, as the page shows them now. */
function shownState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const first = document.querySelector('[data-testid="order-desk-grid"] .ag-row[row-index="0"] [col-id="fileName"]');
    const count = document.querySelector('[data-testid="order-desk-count"]');
    return `${first?.textContent?.trim() ?? ''}|${count?.textContent?.trim() ?? ''}`;
  });
}

/** Runs `action` and waits until the first row and the count both changed and a row is drawn; the time it took. */
async function timeChange(page: Page, action: () => Promise<void>): Promise<number> {
  const before = await shownState(page);
  const pageStart = await page.evaluate(() => performance.now());
  const started = performance.now();
  await action();
  await page.waitForFunction(
    (previous) => {
      const first = document.querySelector(
        '[data-testid="order-desk-grid"] .ag-row[row-index="0"] [col-id="fileName"]',
      );
      const count = document.querySelector('[data-testid="order-desk-count"]');
      const now = `${first?.textContent?.trim() ?? ''}|${count?.textContent?.trim() ?? ''}`;
      return Boolean(first?.textContent?.trim()) && !now.includes('Loading') && now !== previous;
    },
    before,
    { polling: 'raf', timeout: 60_000 },
  );
  const elapsed = performance.now() - started;
  if (process.env.BENCH_DESK_TRACE) {
    const requests = await page.evaluate(
      (since) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.startTime >= since && entry.name.includes('/api/'))
          .map(
            (entry) =>
              `${entry.name.replace(/^.*\/api\//, '')} start +${Math.round(entry.startTime - since)} took ${Math.round(entry.duration)}`,
          ),
      pageStart,
    );
    console.info(`  ${Math.round(elapsed)} ms:`, requests.join('; '));
  }
  return elapsed;
}

const { default: buildWebIfStale } = await import('../tests/e2e/global-setup');
const { chromiumFlags, chromiumPath, signIn } = await import('../tests/e2e/support/browser');
const { startTestServer } = await import('../tests/support/test-server');
await buildWebIfStale();
const server = await startTestServer();
const seedStarted = performance.now();
// Orders across the three demo dealers, every state and product, sent over three years; job names searchable.
await server.app.db.execute(sql`
  INSERT INTO orders (dealer_id, user_id, form_id, file_name, status, data, job_name, created_at)
  SELECT 1001 + (n % 3), 2001 + (n % 3),
    (ARRAY['sunroom','screenroom','pergola','pavilion','impact'])[1 + n % 5],
    'BENCH-' || lpad(n::text, 6, '0'),
    (ARRAY['initial','unprocessed','processed','confirmed','shipped'])[1 + (n / 7) % 5],
    '{}'::jsonb,
    (ARRAY['SMITH','NOVAK','LARSON','MEYER','ADAMS','CARTER','OLSON','KOWALSKI'])[1 + n % 8] || ', JOB ' || n,
    now() - (n % 1100) * interval '1 day' - (n % 86400) * interval '1 second'
  FROM generate_series(1, ${extraOrders}) AS n`);
await server.app.db.execute(sql`ANALYZE orders`);
const seedMs = performance.now() - seedStarted;

const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
const figures: Record<string, number[]> = {};
const record = (label: string, ms: number) => (figures[label] ??= []).push(ms);
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, server.baseUrl, 'temo.staff');
  for (let round = 0; round < runs; round++) {
    await page.goto(`${server.baseUrl}/login/callback`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    record(
      'first page (nav click to rows and count shown)',
      await timeChange(page, () => page.getByRole('link', { name: 'Order Desk' }).click()),
    );
    record(
      'state tab Unprocessed',
      await timeChange(page, () => page.getByRole('tab', { name: /^Unprocessed/ }).click()),
    );
    record(
      'dealer chosen',
      await timeChange(page, async () => {
        await page.getByRole('combobox', { name: 'Dealer' }).click();
        await page.getByRole('option').nth(1).click();
      }),
    );
    record(
      'search typed "novak" (with the 250 ms pause)',
      await timeChange(page, () => page.getByLabel('Search file or job name').fill('novak')),
    );
    record(
      'date range (sent from)',
      await timeChange(page, async () => {
        await page.getByLabel('Sent from').fill(new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10));
      }),
    );
    record(
      'sort by Job name',
      await timeChange(page, () =>
        page.getByRole('columnheader', { name: 'Job name' }).locator('.ag-header-cell-label').click(),
      ),
    );
    record(
      'filters cleared',
      await timeChange(page, () => page.getByRole('button', { name: 'Clear filters' }).click()),
    );
  }
  // The same answers over HTTP alone: how much of each figure is the server's.
  const token = await server.tokenFor('temo.staff');
  const queries: Record<string, string> = {
    'API: first page (newest first)': 'offset=0&limit=100',
    'API: state Unprocessed': 'status=unprocessed&offset=0&limit=100',
    'API: dealer and state': 'dealerId=1002&status=unprocessed&offset=0&limit=100',
    'API: search "novak" under dealer and state': 'dealerId=1002&status=unprocessed&q=novak&offset=0&limit=100',
    'API: sort by job name': 'sort=jobName&dir=asc&offset=0&limit=100',
  };
  for (let round = 0; round < runs; round++) {
    for (const [label, query] of Object.entries(queries)) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/staff/orders?${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      record(label, performance.now() - started);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const f = (value: number) => value.toFixed(0).padStart(5);
console.info(
  `Order desk in Chromium over ${extraOrders.toLocaleString('en-US')} extra orders (seeded in ${(seedMs / 1000).toFixed(1)} s), ` +
    `${runs} rounds, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
);
for (const [label, ms] of Object.entries(figures)) {
  console.info(
    `${label.padEnd(52)} p50 ${f(percentile(ms, 0.5))} ms  p95 ${f(percentile(ms, 0.95))} ms  max ${f(Math.max(...ms))} ms`,
  );
}

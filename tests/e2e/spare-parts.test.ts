import { describe, expect, it } from 'vitest';
import { closePage, expectText, waitForPath } from './support/browser';
import { useBrowserTest } from './support/harness';
import { seedCatalogue } from './support/server-state';
import { expectToast, fillCartSidebar, findSeriousViolations, openPartDetails, readCartLines } from './carts-helpers';

describe('spare parts catalogue and cart in Chromium', () => {
  const e2e = useBrowserTest();

  it('searches and browses to three parts, changes quantities, sends, and finds the order in the initial orders', async () => {
    const page = await e2e.signedInPage('lakeside');
    await page.goto(`${e2e.baseUrl}/Ordering/SpareParts`);
    await expectText(page.getByTestId('parts-count'), '282 items');
    expect(await page.getByTestId('go-to-cart').count()).toBe(0);
    expect(await findSeriousViolations(page)).toEqual([]);

    // 1: search, then the detail modal with a quantity of 2.
    await page.getByLabel('Search parts').fill('continuous hinge');
    await expectText(page.getByTestId('parts-count'), '4 items');
    let dialog = await openPartDetails(page, 'CONTINUOUS HINGE 80IN WHITE');
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Quantity' }).inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Added to cart.');
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByTestId('go-to-cart'), 'Go To Cart ($94.00)');

    // 2: browse the category tree.
    await page.getByLabel('Search parts').fill('');
    await expectText(page.getByTestId('parts-count'), '282 items');
    await page.getByRole('button', { name: 'Expand FASTENERS' }).click();
    await page.getByRole('button', { name: /^SCREWS/ }).click();
    await expectText(page.getByTestId('parts-count'), '10 items');
    const firstCard = page.getByRole('list', { name: 'Spare parts' }).getByRole('listitem').first().locator('article');
    const firstName = await firstCard.locator('h3').innerText();
    dialog = await openPartDetails(page, firstName);
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Added to cart.');

    // 3: TRANSOMS goes to its own page; a 10 inch bronze 206 Temp transom.
    await page.getByRole('button', { name: /^TRANSOMS/ }).click();
    await waitForPath(page, '/Ordering/Transoms');
    const card = page.locator('[data-card="206 Temp Transom"]');
    await card.getByRole('combobox', { name: 'Size' }).click();
    await page.getByRole('option', { name: '10 Inch' }).click();
    await card.getByRole('radio', { name: 'BRONZE' }).click();
    await expectText(card.getByTestId('variant-part-number'), 'TR-206T-10-BZ');
    await card.getByRole('button', { name: /^Add to cart \$/ }).click();
    await expectToast(page, 'Added to cart.');
    await page.getByTestId('go-to-cart').click();
    await waitForPath(page, '/Ordering/SparePartsCart');

    await page.getByTestId('cart-line').nth(2).waitFor();
    const lines = await readCartLines(page);
    expect(lines.map(([, quantity]) => quantity)).toEqual(['2', '1', '1']);
    expect(lines[0][0]).toBe('continuous hinge 80in, white');
    expect(await findSeriousViolations(page)).toEqual([]);

    // Quantities: plus, minus (never below 1), typed and clamped by the definition when left.
    await page.getByRole('button', { name: 'Increase quantity of continuous hinge 80in, white' }).click();
    await page.getByRole('button', { name: /^Increase quantity of 10 Inch transom/ }).click();
    await page.getByRole('button', { name: /^Decrease quantity of 10 Inch transom/ }).click();
    expect(await page.getByRole('button', { name: /^Decrease quantity of 10 Inch transom/ }).isDisabled()).toBe(true);
    const typed = page.getByTestId('cart-line').nth(1).getByRole('textbox');
    await typed.fill('0');
    await typed.blur();
    expect(await typed.inputValue()).toBe('1');
    await typed.fill('4');
    await typed.blur();
    expect((await readCartLines(page)).map(([, quantity]) => quantity)).toEqual(['3', '4', '1']);

    // Sending without the sidebar lists what is missing.
    await page.getByRole('button', { name: 'Send and Confirm Your Order' }).click();
    const missing = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
    await expectText(missing.getByRole('listitem'), 'Last Name');
    await missing.getByRole('button', { name: 'OK' }).click();

    await fillCartSidebar(page, {
      location: 'Lakeside Sunrooms - Madison',
      lastName: 'BRANDT',
      sender: 'Lee Lakeside',
      email: 'lee@lakeside.example',
      shipping: /^FEDEX GROUND/,
      line1: 'Leave at the side door',
    });
    await page.getByRole('button', { name: 'Send and Confirm Your Order' }).click();
    await expectToast(page, 'File received by TEMO!');
    // Go Back after a send: the page the dealer came from.
    await waitForPath(page, '/Ordering/Transoms');
    expect(await page.getByTestId('go-to-cart').count()).toBe(0);

    const token = await e2e.server.tokenFor('lakeside');
    const initial = (await (
      await fetch(`${e2e.baseUrl}/api/TxtThings/initialOrders`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as Record<string, { lastName: string; fileName: string }>;
    const sent = Object.values(initial).filter((order) => order.lastName === 'BRANDT');
    expect(sent).toHaveLength(1);
    expect(sent[0].fileName).toMatch(/^SPR-/);
    await closePage(page);
  });

  it('keeps a search typed while the cart is still loading (the page is not remounted when the cart arrives)', async () => {
    await e2e.withSignedInPage('summit', async (early) => {
      let releaseDefinition = () => {};
      const held = new Promise<void>((resolve) => (releaseDefinition = resolve));
      await early.route('**/api/definitions/spare-parts-cart', async (route) => {
        await held;
        await route.continue();
      });
      await early.goto(`${e2e.baseUrl}/Ordering/SpareParts`);
      await early.getByLabel('Search parts').fill('continuous hinge 80in bronze');
      await expectText(early.getByTestId('parts-count'), '1 item');
      releaseDefinition();
      await early.waitForResponse('**/api/definitions/spare-parts-cart');
      await expectText(early.getByTestId('parts-count'), '1 item');
      expect(await early.getByLabel('Search parts').inputValue()).toBe('continuous hinge 80in bronze');
    });
  });

  it('shows door sizes 36inx80in and 42inx86in and the sash note', async () => {
    const page = await e2e.signedInPage('summit');
    await page.goto(`${e2e.baseUrl}/Ordering/Doors`);
    const card = page.locator('[data-card="2 Inch Door"]');
    await card.getByRole('combobox', { name: 'Size' }).click();
    const sizes = await page.getByRole('option').allInnerTexts();
    expect(sizes).toEqual(['36inx80in', '42inx86in']);
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.baseUrl}/Ordering/Sash`);
    await expectText(page.getByRole('alert'), 'Sash parts shown from interior view');
    // The note shows before the parts arrive: wait for the fourth card, then check there is no fifth.
    await page.locator('[data-card]').nth(3).waitFor();
    expect(await page.locator('[data-card]').count()).toBe(4);
    await closePage(page);
  });
  it("toasts 'Failed to fetch spare parts' and 'Failed to fetch transoms'; a failed marketing list ends its loading quietly", async () => {
    const page = await e2e.signedInPage('summit');
    await page.route(/\/api\/SpareParts\/Get(SpareParts|Transoms|MarketingParts)\?/, (route) =>
      route.fulfill({ status: 503, body: '{}' }),
    );
    await page.goto(`${e2e.baseUrl}/Ordering/SpareParts`);
    await expectToast(page, 'Failed to fetch spare parts');
    await page.goto(`${e2e.baseUrl}/Ordering/Transoms`);
    await expectToast(page, 'Failed to fetch transoms');
    await page.goto(`${e2e.baseUrl}/Ordering/Marketing`);
    await expectText(page.getByTestId('parts-count'), '0 items');
    expect(await page.locator('#notistack-snackbar').count()).toBe(0);
    await closePage(page);
  });

  // Speed is reported, not asserted (docs/measuring.md): MEASURE_GRID_SCROLL=1 npx vitest run --project e2e tests/e2e/spare-parts.test.ts
  it.runIf(process.env.MEASURE_GRID_SCROLL)('measures grid scroll with 5,000 parts', async () => {
    await seedCatalogue(e2e.server, { spareParts: 5000 });
    for (let run = 1; run <= Number(process.env.MEASURE_RUNS ?? 3); run++) {
      const page = await e2e.signedInPage('summit');
      await page.goto(`${e2e.baseUrl}/Ordering/SpareParts`);
      await expectText(page.getByTestId('parts-count'), '5000 items');
      await page.locator('[data-part-number]').first().waitFor();
      const figures = await page.evaluate(async () => {
        const scroller = document.querySelector('[data-testid="parts-grid-scroller"]') as HTMLElement;
        const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
        // 1. Page by page: scrollTop by one viewport, time to the second frame after it (painted).
        const perPage: number[] = [];
        for (let i = 0; i < 40; i++) {
          const start = performance.now();
          scroller.scrollTop += scroller.clientHeight;
          await nextFrame();
          await nextFrame();
          perPage.push(performance.now() - start);
        }
        // 2. A continuous fling: 120 px per frame for 300 frames; frame gaps above 1.5 frames count as dropped.
        const gaps: number[] = [];
        let last = await nextFrame();
        for (let i = 0; i < 300; i++) {
          scroller.scrollTop += 120;
          const now = await nextFrame();
          gaps.push(now - last);
          last = now;
        }
        const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
        const pick = (values: number[], q: number) =>
          sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))];
        const frame = pick(gaps, 0.5);
        return {
          pageP50: pick(perPage, 0.5),
          pageP95: pick(perPage, 0.95),
          pageMax: Math.max(...perPage),
          frameP50: frame,
          frameP95: pick(gaps, 0.95),
          dropped: gaps.filter((gap) => gap > frame * 1.5).length,
          frames: gaps.length,
          cardsInDom: document.querySelectorAll('[data-index]').length,
        };
      });
      console.log(
        `grid scroll run ${run}: ${JSON.stringify(figures, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`,
      );
      await closePage(page);
    }
  });
});

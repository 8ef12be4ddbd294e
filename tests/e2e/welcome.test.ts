import { describe, expect, it } from 'vitest';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';

describe('welcome page after sign-in', () => {
  const e2e = useBrowserTest();

  it('greets a sunroom dealer by name, shows the disclaimer as sentences and the sunroom limit', async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      await expectText(page.getByRole('heading', { level: 1 }), 'Lakeside Sunrooms');
      const sentences = page.getByTestId('disclaimer').getByRole('listitem');
      await sentences.first().waitFor();
      expect(await sentences.allInnerTexts()).toEqual([
        'Prices shown in the portal are approximate and are confirmed by the manufacturer when the order is processed.',
        'Please check every dimension, color and option before you submit an order.',
        'Orders received after 2:00 PM Central Time are entered on the next business day.',
        'Changes to a processed order may delay its ship date and may add a charge.',
        'Contact your regional consultant with any question about an order.',
      ]);
      const warning = page.getByRole('alert');
      await expectText(warning, 'cannot order patio covers or pavilions');
      expect(await page.getByText('cannot order sunrooms').count()).toBe(0);
    });
  });

  it('tells a patio-cover dealer that sunrooms cannot be ordered', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await expectText(page.getByRole('heading', { level: 1 }), 'Summit Patio Covers');
      await expectText(page.getByRole('alert'), 'cannot order sunrooms');
      expect(await page.getByText('cannot order patio covers').count()).toBe(0);
    });
  });

  it('tells TEMO staff that employees cannot order, not that they are a dealer of one line, and leads to the workbench', async () => {
    await e2e.withSignedInPage('temo.staff', async (page) => {
      await expectText(page.getByRole('alert'), 'employees cannot send orders');
      expect(await page.getByText(/As a (sunroom|patio cover) dealer/).count()).toBe(0);
      await page.getByRole('main').getByRole('link', { name: 'Change rules and prices' }).click();
      await page.waitForURL(/\/Staff\/Definitions$/);
    });
    await e2e.withSignedInPage('temo.employee', async (page) => {
      await expectText(page.getByRole('alert'), 'employees cannot send orders');
      await page.getByRole('button', { name: 'How To' }).waitFor();
      expect(await page.getByRole('link', { name: /Definitions|Change rules and prices/ }).count()).toBe(0);
    });
  });

  it('pages through the four How To pages with Previous and Next', async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      await page.getByRole('button', { name: 'How To' }).click();
      const dialog = page.getByRole('dialog');
      const previous = dialog.getByRole('button', { name: 'Previous' });
      const next = dialog.getByRole('button', { name: 'Next' });

      const titles = ['Welcome and navigation', 'Placing an order', 'Viewing current orders', 'Viewing order history'];
      for (const [index, title] of titles.entries()) {
        await expectText(dialog.getByRole('heading'), title);
        await expectText(dialog, `Page ${index + 1} of 4`);
        expect(await previous.isDisabled()).toBe(index === 0);
        expect(await next.isDisabled()).toBe(index === 3);
        if (index < 3) await next.click();
      }
      await previous.click();
      await expectText(dialog.getByRole('heading'), 'Viewing current orders');

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('leads to the ordering home with its nine tiles in order and the Order Engineering button', async () => {
    await e2e.withSignedInPage('lakeside', async (page) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ordering' }).click();
      await page.waitForURL((url) => url.pathname === '/Ordering');

      const tiles = page.getByRole('list', { name: 'Products' }).getByRole('link');
      await tiles.first().waitFor();
      const hrefs = await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(
        [
          'Impact',
          'SunRooms',
          'ScreenRooms',
          'Pavilions',
          'Pergolas',
          'Displays',
          'Marketing',
          'SpareParts',
          'CustomTrapGlass',
        ].map((name) => `/Ordering/${name}`),
      );
      const labels = await tiles.locator('h2').allInnerTexts();
      expect(labels).toEqual([
        'Impact Sunrooms',
        '3 5/8" Sunrooms',
        '2" Sunrooms',
        'Pavilions',
        'Pergolas',
        'Displays',
        'Marketing',
        'Spare Parts',
        'Custom Glass',
      ]);

      await page.getByRole('button', { name: 'Order Engineering' }).click();
      await expectText(page.getByRole('dialog').getByRole('heading'), 'Order Engineering');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

      await tiles.filter({ hasText: 'Pergolas' }).click();
      await page.waitForURL((url) => url.pathname === '/Ordering/Pergolas');
      await expectText(page.getByRole('heading', { level: 1 }), 'Pergolas');
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { waitForPath } from './support/browser';
import { useSignedInPage } from './support/harness';

describe('contact directory', () => {
  const e2e = useSignedInPage('lakeside');

  beforeAll(async () => {
    const { page } = e2e;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await waitForPath(page, '/ContactList');
    await page.getByTestId('contact-card').first().waitFor();
  });

  it('lists the sections of the spec in order, with the four regions under Regional Consultants', async () => {
    const { page } = e2e;
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Production',
      'Shipping Department',
      'Design Center',
      'Sales Director',
      'Regional Consultants',
      'Finance',
      'Administrative Assistant',
      'Admin Support',
      'Marketing',
    ]);
    const regions = page.getByRole('region', { name: 'Regional Consultants' }).getByRole('heading', { level: 3 });
    expect(await regions.allInnerTexts()).toEqual(['1 Northeast', '2 Southeast', '3 Great Lakes', '4 South Central']);
  });

  it('gives every contact a name, a title, a tel: link and a mailto: link', async () => {
    const { page } = e2e;
    const cards = page.getByTestId('contact-card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(20);
    const links = await cards.evaluateAll((elements) =>
      elements.map((card) => ({
        name: card.querySelector('h4')?.textContent ?? '',
        hrefs: Array.from(card.querySelectorAll('a'), (a) => a.getAttribute('href') ?? ''),
      })),
    );
    for (const card of links) {
      expect(card.name.length).toBeGreaterThan(0);
      expect(card.hrefs).toHaveLength(2);
      expect(card.hrefs[0]).toMatch(/^tel:\+?\d{7,}$/);
      expect(card.hrefs[1]).toMatch(/^mailto:\S+@\S+$/);
    }
  });

  it.each([
    [1000, 4],
    [801, 4],
    [800, 2],
    [700, 2],
    [601, 2],
    [600, 1],
    [500, 1],
  ])('shows cards in the right number of columns at %i px wide (%i)', async (width, columns) => {
    const { page } = e2e;
    await page.setViewportSize({ width, height: 900 });
    await page
      .waitForFunction(
        (expected) => {
          const xs = new Set(
            Array.from(document.querySelectorAll('[data-testid="contact-card"]'), (card) =>
              Math.round(card.getBoundingClientRect().left),
            ),
          );
          return xs.size === expected;
        },
        columns,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    const distinctLefts = await page
      .getByTestId('contact-card')
      .evaluateAll((cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left))).size);
    expect(distinctLefts).toBe(columns);
  });
});

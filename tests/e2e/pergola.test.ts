/** The pergola configurator (/Ordering/Pergolas, spec 3 §2-8) in Chromium against the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '../support/test-server';
import { describeExpectedPrice, readShownPrice } from './configurator-replay';
import { api, findSeriousViolations, openSummary, patioCoverRoutes, readGolden, seedDraft, successText, type TestServer } from './pergola-pavilion-support';
import { closePage, expectText, launchBrowser, openPage, signIn } from './support/browser';
import { closeModals, openConfigurator, readConfiguratorValue, readMissingList, setConfiguratorField } from './sunroom-page';

/** A Motor City pergola in the order a dealer fills the page (spec 3 §2 section order). */
const motorCitySteps: [string, unknown][] = [
  ['trim', 'BLACK'],
  ['rafterColor', 'BLACK'],
  ['operableOption', 'MOTOR CITY'],
  ['lengthFeet', '14'],
  ['widthFeet', '20'],
  ['selectedRoofLoadChange', '30'],
  ['selectedWindLoadChange', '120'],
  ['personalInfo.lastName', 'Motorcity'],
  ['personalInfo.address', '12 Oak St'],
  ['personalInfo.sender', 'Pat Dealer'],
  ['personalInfo.email', 'pat@example.com'],
  ['personalInfo.zip', '12207'],
  ['selectedPermitOption', 'NO'],
];

/** A complete Motor City draft (golden order 006) for a dealer with these locations. */
function motorCityDraft(locations: Record<string, string>, lastName: string): Record<string, unknown> {
  const start = structuredClone(readGolden('pergola', '006-complete-motor-city-14-x-20-is-an-order-with-its-size-text-and-motor-c.json').start ?? {});
  (start.personalInfo as Record<string, unknown>).lastName = lastName;
  const location = Object.keys(locations)[0];
  return location ? { ...start, selectedLocation: location } : start;
}

async function locationsOf(server: TestServer, username: string): Promise<Record<string, string>> {
  return (await (await api(server, username, 'GET', '/api/DealerUserIDName/locations')).json()) as Record<string, string>;
}

async function sectionTitles(page: Page): Promise<string[]> {
  return page.locator('form section > h3').allInnerTexts();
}

describe('pergola configurator', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('summit (patio covers) configures a Motor City pergola section by section, sees its price, and orders it', async () => {
    const page = await openPage(browser);
    try {
      await signIn(page, server.baseUrl, 'summit');
      await seedDraft(server, page, 'summit', 'pergola', null);
      await openConfigurator(page, server.baseUrl, patioCoverRoutes.pergola);
      expect(await sectionTitles(page)).toEqual([
        'Trim Color',
        'Pergola Type',
        'Post Style',
        'Exterior Style',
        'Bi-Hex Tool',
        'Length and Width',
        'Roof Load and Wind Load',
        'Home Owner Information',
        'Drawing Package',
        'Special Instructions',
      ]);
      expect(await findSeriousViolations(page)).toEqual([]);
      const counts = [(await readMissingList(page)).length];
      for (const [path, value] of motorCitySteps) {
        await setConfiguratorField(page, path, value);
        counts.push((await readMissingList(page)).length);
      }
      // The zip fills city and state (spec 2 §5.1 lookup, shared by every configurator).
      await page.waitForFunction(() => (document.querySelector('#root_personalInfo_city') as HTMLInputElement | null)?.value === 'Albany');
      expect(await readConfiguratorValue(page, 'personalInfo.stateProvince')).toBe('NY');
      await expectText(page.getByRole('heading', { level: 3 }), 'Nothing is missing');
      expect(counts[0]).toBeGreaterThan(10);
      expect((await readMissingList(page)).length).toBe(0);

      // Motor City hides attachment, exterior style, post and beam (their sections go) and the inches.
      expect(await sectionTitles(page)).not.toContain('Post Style');
      expect(await sectionTitles(page)).not.toContain('Exterior Style');
      expect(await page.locator('form [data-path="attachedOption"]').count()).toBe(0);
      expect(await page.locator('input[data-path="lengthInches"]').count()).toBe(0);
      expect(await readConfiguratorValue(page, 'motorCityPergolaSize')).toBe('14 x 20');
      const golden = readGolden('pergola', '006-complete-motor-city-14-x-20-is-an-order-with-its-size-text-and-motor-c.json');
      expect(await readShownPrice(page)).toBe(describeExpectedPrice(golden.expect.price as number));

      const summary = await openSummary(page, 'Send to TEMO');
      const selections = Object.fromEntries(
        await summary.locator('dl > div').evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')?.textContent?.replace(/:$/, '') ?? '', row.querySelector('dd')?.textContent ?? ''])),
      );
      expect(selections).toMatchObject({ 'Pergola Type': 'MOTOR CITY', 'Motor City Size': '14 x 20', 'Trim Color': 'BLACK', 'Drawing Package': 'NO' });
      expect(await summary.getByTestId('approximate-price').innerText()).toBe(describeExpectedPrice(golden.expect.price as number));
      expect(await summary.getByTestId('summary-instructions').locator('li').count()).toBe(5);
      expect(await findSeriousViolations(page, '[role="dialog"]')).toEqual([]);
      await summary.getByRole('button', { name: 'Yes' }).click();
      await expectText(page.getByTestId('submit-status'), successText, 30_000);
      expect(await page.getByTestId('submit-order').count()).toBe(0);
      const unprocessed = (await (await api(server, 'summit', 'GET', '/api/TxtThings/unprocessedFiles')).json()) as Record<string, { lastName: string }>;
      expect(Object.values(unprocessed).some((order) => order.lastName === 'Motorcity')).toBe(true);
      expect((await api(server, 'summit', 'GET', '/api/drafts/pergola')).status).toBe(404);
    } finally {
      await closePage(page);
    }
  }, 240_000);

  it('No in the summary goes back to the form; Yes is not offered while something is missing and the missing list opens instead', async () => {
    const page = await openPage(browser);
    try {
      await signIn(page, server.baseUrl, 'summit');
      const draft = motorCityDraft({}, 'Nope');
      await seedDraft(server, page, 'summit', 'pergola', { ...draft, personalInfo: { ...(draft.personalInfo as object), email: '' } });
      await openConfigurator(page, server.baseUrl, patioCoverRoutes.pergola);
      await page.getByTestId('submit-order').click();
      const problems = page.getByRole('dialog', { name: 'Please fill in the following fields:' });
      await expectText(problems.locator('li'), 'Email');
      await closeModals(page);
      await setConfiguratorField(page, 'personalInfo.email', 'nope@example.com');
      const summary = await openSummary(page, 'Send to TEMO');
      expect(await summary.getByRole('button', { name: 'Yes' }).count()).toBe(1);
      await summary.getByRole('button', { name: 'No' }).click();
      await summary.waitFor({ state: 'detached' });
      expect(await page.getByTestId('submit-order').isVisible()).toBe(true);
    } finally {
      await closePage(page);
    }
  }, 120_000);

  it('a reload mid-form restores every value (browser copy), and a new browser gets the server copy', async () => {
    const typed: [string, unknown][] = [
      ['trim', 'WHITE'],
      ['operableOption', 'PERGOLA OPERABLE'],
      ['attachedOption', 'ATTACHED'],
      ['gutterOption', 'YES'],
      ['actuatorOption', "25' EXTENSION"],
      ['postStyle', 'FLORENTINE'],
      ['postHeight', '11'],
      ['lengthFeet', '12'],
      ['lengthInches', '6'],
      ['widthFeet', '20'],
      ['beamOption', '4x12'],
      ['personalInfo.lastName', 'Reload'],
      ['additionalInfo.Line2', 'Gate on the left'],
    ];
    const page = await openPage(browser);
    try {
      await signIn(page, server.baseUrl, 'summit');
      await seedDraft(server, page, 'summit', 'pergola', null);
      await openConfigurator(page, server.baseUrl, patioCoverRoutes.pergola);
      for (const [path, value] of typed) await setConfiguratorField(page, path, value);
      await page.reload();
      await page.locator('[data-draft-restored="true"]').waitFor();
      for (const [path, value] of typed) expect(String(await readConfiguratorValue(page, path)), path).toBe(String(value));
      // The server copy arrives after a second of quiet.
      for (let attempt = 0; attempt < 50; attempt++) {
        const saved = await api(server, 'summit', 'GET', '/api/drafts/pergola');
        if (saved.status === 200 && ((await saved.json()) as { data: { personalInfo?: { lastName?: string } } }).data.personalInfo?.lastName === 'Reload') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await closePage(page);
    }
    const fresh = await openPage(browser);
    try {
      await signIn(fresh, server.baseUrl, 'summit');
      await openConfigurator(fresh, server.baseUrl, patioCoverRoutes.pergola);
      for (const [path, value] of typed) expect(String(await readConfiguratorValue(fresh, path)), path).toBe(String(value));
    } finally {
      await closePage(fresh);
    }
  }, 180_000);

  describe.each([
    ['lakeside', 'You are only allowed to Order Sunrooms', /For more information contact: .+@/],
    ['harbor', 'You are currently on hold. Please contact', /@/],
    ['temo.employee', 'You are currently logged on as a TEMO Employee. TEMO Employees cannot order.', null],
  ] as const)('%s', (username, text, contactPattern) => {
    it('sees the refusal text (and contact) after Yes, and keeps every value', async () => {
      const page = await openPage(browser);
      try {
        await signIn(page, server.baseUrl, username);
        await seedDraft(server, page, username, 'pergola', motorCityDraft(await locationsOf(server, username), 'Refused'));
        await openConfigurator(page, server.baseUrl, patioCoverRoutes.pergola);
        const summary = await openSummary(page, 'Send to TEMO');
        await summary.getByRole('button', { name: 'Yes' }).click();
        const status = page.getByTestId('submit-status');
        await expectText(status, text);
        if (contactPattern) expect(await status.innerText()).toMatch(contactPattern);
        expect(await page.getByTestId('submit-order').isVisible()).toBe(true);
        expect(await readConfiguratorValue(page, 'personalInfo.lastName')).toBe('Refused');
        expect((await api(server, username, 'GET', '/api/drafts/pergola')).status).toBe(200);
      } finally {
        await closePage(page);
      }
    }, 120_000);
  });

  it('with the drawing package the post is a preview shown in the drawing overlay; I am done making changes orders it', async () => {
    const golden = readGolden('pergola', '002-complete-pergola-with-the-drawing-package-yes-is-a-preview-isordered-f.json');
    const draft = structuredClone(golden.start ?? {});
    (draft.personalInfo as Record<string, unknown>).lastName = 'Preview';
    const page = await openPage(browser);
    try {
      await signIn(page, server.baseUrl, 'summit');
      await seedDraft(server, page, 'summit', 'pergola', draft);
      await openConfigurator(page, server.baseUrl, patioCoverRoutes.pergola);
      const summary = await openSummary(page, 'View Initial Drawing Package');
      await summary.getByRole('button', { name: 'Yes' }).click();
      const overlay = page.getByRole('dialog', { name: /^Drawings for / });
      await overlay.waitFor({ timeout: 20_000 });
      const previewName = ((await overlay.getByRole('heading').first().innerText()).split('Drawings for ')[1] ?? '').trim();
      const initial = (await (await api(server, 'summit', 'GET', '/api/TxtThings/initialOrders')).json()) as Record<string, unknown>;
      expect(Object.keys(initial)).toContain(previewName);
      await overlay.getByRole('button', { name: /^Open page 1/ }).waitFor({ timeout: 60_000 });
      await overlay.getByRole('button', { name: 'I am done making changes' }).click();
      await expectText(page.getByTestId('submit-status'), successText, 30_000);
      const unprocessed = (await (await api(server, 'summit', 'GET', '/api/TxtThings/unprocessedFiles')).json()) as Record<string, unknown>;
      expect(Object.keys(unprocessed)).toContain(previewName);
    } finally {
      await closePage(page);
    }
  }, 180_000);
});

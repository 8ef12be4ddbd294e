/** The pergola configurator (/Ordering/Pergolas, spec 3 §2-8) in Chromium against the real server. */
import { describe, expect, it } from 'vitest';
import { describeExpectedPrice, readShownPrice } from './configurator-replay';
import { expectPreviewOrderedFromOverlay, expectRefusedAndKept, openSummary, successText } from './configurator-submit';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { configuratorDraftForm, expectDraftSurvivesReload } from './support/draft-reload';
import { readGolden } from './support/golden-orders';
import { configuratorRoutes } from './support/golden-replay';
import { useBrowserTest } from './support/harness';
import {
  closeModals,
  openConfigurator,
  readConfiguratorValue,
  readMissingList,
  readSectionTitles,
  setConfiguratorField,
} from './sunroom-page';

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
  const start = structuredClone(
    readGolden('pergola', '006-complete-motor-city-14-x-20-is-an-order-with-its-size-text-and-motor-c.json').start ??
      {},
  );
  (start.personalInfo as Record<string, unknown>).lastName = lastName;
  const location = Object.keys(locations)[0];
  return location ? { ...start, selectedLocation: location } : start;
}

describe('pergola configurator', () => {
  const e2e = useBrowserTest();

  it('summit (patio covers) configures a Motor City pergola section by section, sees its price, and orders it', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await e2e.seedDraft(page, 'summit', 'pergola', null);
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
      expect(await readSectionTitles(page)).toEqual([
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
      await page.waitForFunction(
        () => (document.querySelector('#root_personalInfo_city') as HTMLInputElement | null)?.value === 'Albany',
      );
      expect(await readConfiguratorValue(page, 'personalInfo.stateProvince')).toBe('NY');
      await expectText(page.getByRole('heading', { level: 3 }), 'Nothing is missing');
      expect(counts[0]).toBeGreaterThan(10);
      expect((await readMissingList(page)).length).toBe(0);

      // Motor City hides attachment, exterior style, post and beam (their sections go) and the inches.
      expect(await readSectionTitles(page)).not.toContain('Post Style');
      expect(await readSectionTitles(page)).not.toContain('Exterior Style');
      expect(await page.locator('form [data-path="attachedOption"]').count()).toBe(0);
      expect(await page.locator('input[data-path="lengthInches"]').count()).toBe(0);
      expect(await readConfiguratorValue(page, 'motorCityPergolaSize')).toBe('14 x 20');
      const golden = readGolden(
        'pergola',
        '006-complete-motor-city-14-x-20-is-an-order-with-its-size-text-and-motor-c.json',
      );
      expect(await readShownPrice(page)).toBe(describeExpectedPrice(golden.expect.price as number));

      const summary = await openSummary(page, 'Send to TEMO');
      const selections = Object.fromEntries(
        await summary
          .locator('dl > div')
          .evaluateAll((rows) =>
            rows.map((row) => [
              row.querySelector('dt')?.textContent?.replace(/:$/, '') ?? '',
              row.querySelector('dd')?.textContent ?? '',
            ]),
          ),
      );
      // Values in the definitions' words: a choice reads on its own ("Motor City", "No"), not as its code.
      expect(selections).toMatchObject({
        'Pergola Type': 'Motor City',
        'Motor City Size': '14 x 20',
        'Trim Color': 'BLACK',
        'Drawing Package': 'No',
      });
      expect(await summary.getByTestId('approximate-price').innerText()).toBe(
        describeExpectedPrice(golden.expect.price as number),
      );
      expect(await summary.getByTestId('summary-instructions').locator('li').count()).toBe(5);
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await summary.getByRole('button', { name: 'Yes' }).click();
      await expectText(page.getByTestId('submit-status'), successText, 30_000);
      expect(await page.getByTestId('submit-order').count()).toBe(0);
      const unprocessed = (await (await e2e.api('summit', 'GET', '/api/TxtThings/unprocessedFiles')).json()) as Record<
        string,
        { lastName: string }
      >;
      expect(Object.values(unprocessed).some((order) => order.lastName === 'Motorcity')).toBe(true);
      expect((await e2e.api('summit', 'GET', '/api/drafts/pergola')).status).toBe(204);
    });
  }, 240_000);

  it('the length reads what the form keeps: letters typed are dropped, a Motor City length left at 13 becomes 14', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      await e2e.seedDraft(page, 'summit', 'pergola', null);
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
      await setConfiguratorField(page, 'operableOption', 'MOTOR CITY');
      const length = page.locator('#root_lengthFeet');
      const label = page.locator('label[for="root_lengthFeet"]');
      expect(await label.getAttribute('data-shrink')).toBe('false');
      await length.click();
      await page.keyboard.type('1x3');
      expect(await length.inputValue()).toBe('13');
      // Leaving clamps it to 10, 12 or 14 (spec 3 §2); the input shows the kept value, its label above it.
      await page.keyboard.press('Tab');
      await expect.poll(() => length.inputValue()).toBe('14');
      expect(await label.getAttribute('data-shrink')).toBe('true');
    });
  }, 120_000);

  it('No in the summary goes back to the form; Yes is not offered while something is missing and the missing list opens instead', async () => {
    await e2e.withSignedInPage('summit', async (page) => {
      const draft = motorCityDraft({}, 'Nope');
      await e2e.seedDraft(page, 'summit', 'pergola', {
        ...draft,
        personalInfo: { ...(draft.personalInfo as object), email: '' },
      });
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
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
    });
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
    await e2e.withSignedInPage('summit', (page) =>
      expectDraftSurvivesReload(
        e2e,
        page,
        'summit',
        configuratorDraftForm(e2e, 'pergola', configuratorRoutes.pergola),
        typed,
      ),
    );
  }, 180_000);

  describe.each([
    ['lakeside', 'You are only allowed to Order Sunrooms', /For more information contact: .+@/],
    ['harbor', 'You are currently on hold. Please contact', /@/],
    ['temo.employee', 'You are currently logged on as a TEMO Employee. TEMO Employees cannot order.', null],
  ] as const)('%s', (username, text, contactPattern) => {
    it('sees the refusal text (and contact) after Yes, and keeps every value', async () => {
      await e2e.withSignedInPage(username, async (page) => {
        await e2e.seedDraft(page, username, 'pergola', motorCityDraft(await e2e.locationsOf(username), 'Refused'));
        await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
        const logged: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') logged.push(message.text());
        });
        const summary = await openSummary(page, 'Send to TEMO');
        await summary.getByRole('button', { name: 'Yes' }).click();
        await expectRefusedAndKept(e2e, page, username, 'pergola', {
          text,
          contact: contactPattern,
          lastName: 'Refused',
        });
        // A refusal the page explains is no fault: only the browser's own line for the status, no stack of ours.
        expect(logged.filter((line) => !line.startsWith('Failed to load resource'))).toEqual([]);
      });
    }, 120_000);
  });

  it('with the drawing package the post is a preview shown in the drawing overlay; I am done making changes orders it', async () => {
    const golden = readGolden(
      'pergola',
      '002-complete-pergola-with-the-drawing-package-yes-is-a-preview-isordered-f.json',
    );
    const draft = structuredClone(golden.start ?? {});
    (draft.personalInfo as Record<string, unknown>).lastName = 'Preview';
    await e2e.withSignedInPage('summit', async (page) => {
      await e2e.seedDraft(page, 'summit', 'pergola', draft);
      await openConfigurator(page, e2e.baseUrl, configuratorRoutes.pergola);
      const summary = await openSummary(page, 'View Initial Drawing Package');
      await summary.getByRole('button', { name: 'Yes' }).click();
      await expectPreviewOrderedFromOverlay(e2e, page, 'summit');
    });
  }, 180_000);
});

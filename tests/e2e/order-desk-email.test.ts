/**
 * Issue 14, e-mail to the dealer from the order desk: the server is started with SMTP settings pointing at a local
 * catcher (smtp-server, listening on a loopback port in this test); temo.staff e-mails a processed order's PDFs from
 * the panel. The message arrives at the catcher with the PDF attached, the panel shows it as sent (to, subject, text,
 * attachment names) and the order counts as e-mailed (Confirmed can be offered).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMime, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { findSeriousViolations } from './support/axe';
import { expectText } from './support/browser';
import { useBrowserTest } from './support/harness';
import { rowOf, staffOrders, staffUser, waitForRows } from './support/order-desk';

describe('e-mail to the dealer through SMTP', () => {
  let catcher: SmtpCatcher | undefined;
  // Registered before the harness's own beforeAll: the server starts with the catcher's address.
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
  });
  afterAll(async () => catcher?.close());
  const e2e = useBrowserTest({ server: () => ({ mail: catcher!.mail }) });

  it('sends the PDFs from the panel; the catcher receives them attached, the panel shows the message as sent', () =>
    e2e.withSignedInPage(staffUser, async (page) => {
      const processed = (await staffOrders(e2e, 'dealerId=1001&status=processed')).orders;
      const order = processed.find((candidate) => !candidate.emailedOn);
      expect(order, 'a processed lakeside order not e-mailed yet').toBeDefined();
      const fileName = order!.fileName;

      await page.goto(e2e.url('/Staff/Orders?dealerId=1001&status=processed'));
      await waitForRows(
        page,
        processed.map((row) => row.fileName),
      );
      await rowOf(page, fileName).locator('[col-id="fileName"]').click();
      const panel = page.getByTestId('order-panel');
      await expectText(panel.getByTestId('order-panel-state'), 'Processed');
      expect(await panel.getByRole('button', { name: 'Move to Confirmed' }).isDisabled()).toBe(true);

      await panel.getByRole('button', { name: 'E-mail the dealer…' }).click();
      const dialog = page.getByRole('dialog', { name: 'E-mail the dealer' });
      // Prefilled: the e-mail the order was posted with, and a subject naming the order.
      expect(await dialog.getByLabel('To').inputValue()).toBe('orders@lakeside-sunrooms.example');
      const subject = dialog.getByLabel('Subject');
      expect(await subject.inputValue()).toContain(fileName);
      await subject.fill(`Bill of materials ${fileName}`);
      await dialog.getByLabel('Message').fill('Please sign the bill of materials and send it back.');
      expect(await findSeriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
      await dialog.getByRole('button', { name: 'Send e-mail' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });

      // The panel shows the message as sent.
      const sent = panel.getByTestId('sent-email').first();
      await expectText(sent, `Bill of materials ${fileName}`);
      await expectText(sent, 'by SMTP');
      await expectText(sent, 'Please sign the bill of materials');
      await expectText(sent.getByTestId('sent-email-attachments'), '.pdf');
      await expectText(panel, 'E-mailed on');
      expect(await panel.getByRole('button', { name: 'Move to Confirmed' }).isDisabled()).toBe(false);
      expect(await findSeriousViolations(page)).toEqual([]);

      // The catcher has it, to the order's e-mail, with the PDFs attached (the bytes of a PDF).
      const message = await catcher!.waitFor((caught) => caught.raw.includes(fileName));
      expect(catcher!.messages).toHaveLength(1);
      expect(message.from).toBe('orders@temo.example');
      expect(message.to).toEqual(['orders@lakeside-sunrooms.example']);
      const mime = readMime(message.raw);
      expect(mime.headers.get('subject')).toBe(`Bill of materials ${fileName}`);
      expect(mime.text).toContain('Please sign the bill of materials and send it back.');
      const pdfs = mime.attachments.filter((file) => file.contentType === 'application/pdf');
      expect(pdfs.map((file) => file.filename)).toContain(`${fileName}-bill-of-materials.pdf`);
      for (const pdf of pdfs) expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The server agrees: the order is e-mailed and the message is listed with its details.
      const details = await e2e.getJson<{ emails: { subject: string; transport: string }[] }>(
        staffUser,
        `/api/staff/orders/${fileName}/details`,
      );
      expect(details.emails[0]).toMatchObject({ subject: `Bill of materials ${fileName}`, transport: 'smtp' });
    }));
});

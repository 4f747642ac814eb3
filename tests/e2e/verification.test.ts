// Identity verification as a new player meets it: the Verification tab of the account,
// a file that is not a plain document refused with its reason, the identity document and
// the proof of address uploaded with their labelled file fields, "being checked", then the
// sandbox verifier's decision appearing in the tab and in the mail box.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { launchBrowser, registerPlayer, e2eServer } from '../helpers/e2e.ts';
import { jpeg, pdf, ZIP_END } from '../helpers/documents.ts';

const { baseUrl } = e2eServer();
const x = en.verification;

describe('identity verification', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('uploads both documents in the Verification tab and sees the status change', async () => {
    const { username, password } = await registerPlayer(baseUrl, { prefix: 'kyc', lastName: 'Mustermann' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${baseUrl}/user-management?tab=11`);
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('dialog.modal input[name=username]').fill(username);
    await page.locator('dialog.modal input[name=password]').fill(password);
    await page.locator('dialog.modal button[type=submit]').click();
    await page.waitForURL(`${baseUrl}/user-management?tab=11`);
    await page.getByRole('tab', { name: en.menu.verification, selected: true }).waitFor();
    const status = page.getByTestId('verification-status');
    await status.filter({ hasText: x.status_unverified }).waitFor();

    // The withdraw tab says so before any field, with the way to the Verification tab.
    await page.getByRole('tab', { name: en.menu.withdraw }).click();
    const first = page.getByTestId('withdraw-verify-first');
    await first.filter({ hasText: en.payments.verify_before_withdraw }).waitFor();
    expect(await page.getByTestId('withdraw').locator('input').count()).toBe(0);
    await first.getByRole('link', { name: en.payments.verify_link }).click();
    await page.waitForURL(`${baseUrl}/user-management?tab=11`);
    await status.filter({ hasText: x.status_unverified }).waitFor();

    // A JPEG with a ZIP archive inside is refused, with the reason, and nothing is listed.
    const identity = page.getByTestId('upload-identity');
    await identity.getByLabel(x.identity_label).setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([jpeg(), ZIP_END]) });
    await identity.getByRole('button', { name: x.upload }).click();
    await identity.getByRole('alert').filter({ hasText: x.document_type_not_accepted }).waitFor();
    await page.getByText(x.no_documents).waitFor();

    // The identity document, then the proof of address: being checked, then verified.
    await identity.getByLabel(x.identity_label).setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: jpeg() });
    await identity.getByRole('button', { name: x.upload }).click();
    await identity.getByText(x.uploaded).waitFor();
    const address = page.getByTestId('upload-address');
    await address.getByLabel(x.address_label).setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await address.getByRole('button', { name: x.upload }).click();
    await status.filter({ hasText: x.status_verified }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('documents').locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringContaining(x.doc_approved),
      expect.stringContaining(x.doc_approved),
    ]);
    // The upload forms are gone once verified, and the withdraw tab opens its form.
    expect(await page.getByTestId('upload-identity').count()).toBe(0);
    await page.getByRole('tab', { name: en.menu.withdraw }).click();
    await page.getByTestId('withdraw').locator('input[name=amount]').waitFor();
    expect(await page.getByTestId('withdraw-verify-first').count()).toBe(0);

    // The mail box tells the same.
    await page.getByRole('tab', { name: en.menu.mail_box }).click();
    await page.getByText(x.mail_subject).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a refusal with its reason when the sandbox verifier refuses', async () => {
    const { username, password } = await registerPlayer(baseUrl, { prefix: 'kyc', lastName: 'Refuse' });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/user-management?tab=11`);
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('dialog.modal input[name=username]').fill(username);
    await page.locator('dialog.modal input[name=password]').fill(password);
    await page.locator('dialog.modal button[type=submit]').click();
    await page.waitForURL(`${baseUrl}/user-management?tab=11`);
    await page.getByTestId('upload-identity').getByLabel(x.identity_label).setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await page.getByTestId('upload-identity').getByRole('button', { name: x.upload }).click();
    await page.getByTestId('upload-identity').getByText(x.uploaded).waitFor();
    await page.getByTestId('upload-address').getByLabel(x.address_label).setInputFiles({ name: 'bill.jpg', mimeType: 'image/jpeg', buffer: jpeg() });
    await page.getByTestId('upload-address').getByRole('button', { name: x.upload }).click();
    const refused = x.status_refused.replace('{0}', x.reason_document_expired);
    await page.getByTestId('verification-status').filter({ hasText: refused }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it("shows the footer's 18+ notice only where the visitor's jurisdiction profile asks for it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // This server sees the browser at 127.0.0.1 (no country: the default profile), so the notice stays hidden…
    await page.goto(`${baseUrl}/online-casino`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const notice = page.getByTestId('age-notice');
    expect(await notice.isHidden()).toBe(true);
    // …and a market whose profile wants it (the server answers so for an address in Great Britain) shows it.
    await page.route('**/api/front/get_setting', (route) =>
      route.fulfill({ json: { status: 1, setting: { country_black_list: [], ip_black_list: [] }, market: { age_notice: true, guest_free_play: false } } }),
    );
    await page.goto(`${baseUrl}/de/online-casino`);
    await notice.waitFor({ state: 'visible' });
    expect(await notice.textContent()).toBe((await import('../../locales/de.json')).common.age_notice);
    await context.close();
  });
});

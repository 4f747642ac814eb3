import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestBirthday } from '../../src/shared/player-rules.ts';
import { browserAndMail, fillLogin, e2eServer } from '../helpers/e2e.ts';
import { ROOT } from '../helpers/spawn.ts';
import { asStaff } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();
const de = JSON.parse(readFileSync(join(ROOT, 'locales/de.json'), 'utf8')) as Record<string, Record<string, string>>;
const v = de.validation as Record<string, string>;

/** Types a wrong value, leaves the field, sees the German error; then the right value clears it. */
async function wrongThenRight(page: Page, name: string, wrong: string, message: string, right: string) {
  const input = page.locator(`dialog.modal [name="${name}"]`).first();
  await input.fill(wrong);
  await input.blur();
  const field = page.locator('dialog.modal .field', { has: page.locator(`[name="${name}"]`) });
  await field.locator('.feedback', { hasText: message }).waitFor();
  await input.fill(right);
  await input.blur();
  await field.locator('.feedback').waitFor({ state: 'detached' });
}

describe('a new player, in German, from sign-up to the support reply', () => {
  const { browser, mail } = browserAndMail();

  it('registers, lands on deposit, recovers username and password by mail, edits the profile and reads the support reply', async () => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const suffix = Date.now().toString(36);
    const username = `hans_${suffix}`;
    const email = `hans.${suffix}@example.test`;

    // The browser language picks German on the root page.
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/de`);
    await page.locator('.account-area[data-state="guest"]').waitFor();
    await page.locator('.account-area [data-action="register"]').click();
    await page.locator('dialog.modal [name="username"]').waitFor();

    // Every field: a wrong value and its message in German, then the right one (for the
    // username: a Cyrillic а among Latin letters, then a name that is taken).
    await wrongThenRight(page, 'username', `h\u0430ns_${suffix}`, v.username_mixed_scripts ?? '', username);
    await wrongThenRight(page, 'username', 'demo', v.username_duplicated ?? '', username);
    await wrongThenRight(page, 'password', 'ab', v.password_validation ?? '', 'erster-Pass1');
    await wrongThenRight(page, 'confirmPassword', 'anders', v.confirm_password_validation ?? '', 'erster-Pass1');
    await wrongThenRight(page, 'email', 'kein-mail', v.email_validation ?? '', email);
    await wrongThenRight(page, 'first_name', ' ', v.field_required ?? '', 'Hans');
    await wrongThenRight(page, 'last_name', ' ', v.field_required ?? '', 'Muster');
    const [year, month, day] = latestBirthday().split('-').map(Number) as [number, number, number];
    const tooYoung = `${year + 1}-${String(month).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;
    await wrongThenRight(page, 'birthday', tooYoung, v.age_restriction ?? '', '1990-05-17');
    await wrongThenRight(page, 'city', ' ', v.field_required ?? '', 'Berlin');
    await wrongThenRight(page, 'address', ' ', v.field_required ?? '', 'Alexanderplatz 1');
    await wrongThenRight(page, 'postal_code', ' ', v.field_required ?? '', '10178');
    await wrongThenRight(page, 'phone_number1', '12a', v.phone_number_validation ?? '', '15112345678');
    await page.locator('dialog.modal .link-button[aria-expanded]').click();
    await wrongThenRight(page, 'promo_code', 'GIBTSNICHT', v.invalid_promo_code ?? '', 'WELCOME100');
    // Terms unticked: the submit is refused with the German message.
    await page.locator('dialog.modal button[type=submit]').click();
    await page.locator('dialog.modal .field.check .feedback', { hasText: v.accept_terms ?? '' }).waitFor();
    await page.locator('dialog.modal .field.check input[type=checkbox]').first().check();
    await page.locator('dialog.modal button[type=submit]').click();

    // Registration done: login runs by itself, the welcome dialog counts down and lands on deposit.
    await page.locator('[data-testid=welcome-dialog]').waitFor();
    await page.waitForURL(`${baseUrl}/de/user-management?tab=2`, { timeout: 10_000 });
    await page.getByTestId('deposit').locator('form').waitFor();
    const activation = (await mail.next(email)).links.find((l) => l.includes('/de/welcome?activation_token=')) ?? '';
    expect(activation).not.toBe('');

    // Log out from the account menu: back to the casino, a guest again.
    await page.locator('.user-menu-button').click();
    await page.locator('.user-menu-list [data-action="logout"]').click();
    await page.waitForURL(`${baseUrl}/de/online-casino`);
    await page.locator('.account-area[data-state="guest"]').waitFor();

    // The emailed activation link: activated, a countdown, then the casino.
    await page.goto(activation.replace(/^https?:\/\/[^/]+/, baseUrl));
    const done = page.getByTestId('activation-done');
    await done.waitFor();
    // A message with a number: plural forms, the countdown's words come before it.
    const activated = de.welcome?.activated_redirect as unknown as Record<string, string>;
    expect(await done.textContent()).toContain((activated.other ?? '').split('{0}')[0]);
    await page.waitForURL(`${baseUrl}/de/online-casino`, { timeout: 10_000 });

    // Forgotten username: the mail carries it.
    await page.locator('.header-login').click();
    await page.locator('dialog.modal .form-links button').nth(1).click();
    await page.locator('dialog.modal [name="email"]').fill(email);
    await page.locator('dialog.modal button[type=submit]').click();
    await page.locator('.toast-success', { hasText: de.auth?.sent_username_email ?? '' }).waitFor();
    expect((await mail.next(email)).text).toContain(username);

    // Forgotten password: the mailed link opens the reset form, then the login.
    await page.locator('.header-login').click();
    await page.locator('dialog.modal .form-links button').first().click();
    await page.locator('dialog.modal [name="username"]').fill(username);
    await page.locator('dialog.modal [name="email"]').fill(email);
    await page.locator('dialog.modal button[type=submit]').click();
    await page.locator('.toast-success', { hasText: de.auth?.sent_reset_password_email ?? '' }).waitFor();
    const reset = (await mail.next(email)).links.find((l) => l.includes('reset_token=')) ?? '';
    expect(reset).toContain('/de');
    await page.goto(reset.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.locator('dialog.modal [name="password"]').fill('zweiter-Pass2');
    await page.locator('dialog.modal [name="confirmPassword"]').fill('zweiter-Pass2');
    await page.locator('dialog.modal button[type=submit]').click();
    await page.locator('dialog.modal [name="username"]').waitFor();
    await fillLogin(page, { username, password: 'zweiter-Pass2' });
    await page.waitForURL(`${baseUrl}/de/online-casino`);
    await page.locator('.account-area[data-state="player"]').waitFor();

    // The profile: a new city, kept after a reload.
    await page.goto(`${baseUrl}/de/user-management?tab=1`);
    const city = page.locator('[data-testid=profile-form] input[name=city]');
    await city.waitFor();
    await city.fill('München');
    await page.locator('[data-testid=profile-form] button[type=submit]').click();
    await page.locator('.toast-success', { hasText: de.account?.profile_updated ?? '' }).waitFor();
    await page.reload();
    await city.waitFor();
    expect(await city.inputValue()).toBe('München');

    // Contact: prefilled from the profile, sent, confirmed in place of the form.
    await page.locator('.user-menu-button').click();
    await page.locator('.user-menu-list [data-action="contact"]').click();
    const name = page.locator('dialog.modal [name="player_name"]');
    await name.waitFor();
    await page.waitForFunction(() => (document.querySelector('dialog.modal [name="player_name"]') as HTMLInputElement | null)?.value.includes('Hans'));
    expect(await name.inputValue()).toBe(`Hans Muster (${username})`);
    expect(await page.locator('dialog.modal [name="email"]').inputValue()).toBe(email);
    await page.locator('dialog.modal [name="note"]').fill('Wie lange dauert eine Auszahlung?');
    await page.locator('dialog.modal button[type=submit]').click();
    await page.locator('dialog.modal [data-testid=contact-sent]').waitFor();
    await page.locator('.toast-success', { hasText: de.auth?.sent_message_notification ?? '' }).waitFor();
    await page.keyboard.press('Escape');

    // Support answers from the staff call; the reply lands in the mailbox.
    const { threads } = (await asStaff(baseUrl, 'admin/get_support_threads', { status: 'pending' })) as {
      threads: { id: number; email: string | null }[];
    };
    const thread = threads.find((t) => t.email === email);
    expect(thread).toBeDefined();
    await asStaff(baseUrl, 'admin/reply_player_message', { id: thread?.id, text: 'Eine Auszahlung dauert 1–3 Werktage.' });
    await page.goto(`${baseUrl}/de/user-management?tab=8`);
    const box = page.locator('[data-testid=mail-list]');
    await box.waitFor();
    await box.locator('.acct-mail-head').first().click();
    await box.getByText('Eine Auszahlung dauert 1–3 Werktage.').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

// Honest messages (issue 15, items 8, 9 and 12): what the welcome dialog says after
// registration and how it counts, what a guest sees after writing to the chat, the bet
// list's date and time, and optional fields that give no verdict when left empty.
// Each at a phone and a desktop width.
import { createHmac, randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../../locales/en.json';
import { browserAndMail, chooseCountry, e2eServer, fillLogin } from '../helpers/e2e.ts';
import { asStaff } from '../helpers/staff.ts';

const { baseUrl } = e2eServer();
const DEMO_ID = 1;
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

let addresses = 0;
/** A visitor address of its own (loopback is a trusted proxy in the e2e server): registrations are limited per address. */
function visitor(options: Parameters<Browser['newContext']>[0] = {}): Parameters<Browser['newContext']>[0] {
  addresses++;
  return { ...options, extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${(process.pid % 200) + addresses}` } };
}

/** Fills the registration form on the page (modal or /sign-up) with a new player and submits it. */
async function register(page: Page, scope: string, player: { username: string; email: string }): Promise<void> {
  const field = (name: string) => page.locator(`${scope} [name="${name}"]`).first();
  await field('username').fill(player.username);
  await field('password').fill('pass-1234');
  await field('confirmPassword').fill('pass-1234');
  await field('email').fill(player.email);
  await field('first_name').fill('Jana');
  await field('last_name').fill('Nováková');
  await field('birthday').fill('1990-05-17');
  await field('city').fill('Brno');
  await field('address').fill('Náměstí Svobody 1');
  await field('postal_code').fill('60200');
  await field('phone_number1').fill('601234567');
  // An English page for a visitor of unknown country preselects no country: Czech, with +420.
  if ((await field('country').inputValue()) === '') await chooseCountry(page.locator(scope).first(), 'CZ');
  await page.locator(`${scope} .field.check input[type=checkbox]`).first().check();
  await page.locator(`${scope} button[type=submit]`).last().click();
}

/** Records every text the welcome dialog's countdown shows, until the page navigates away. */
async function recordCountdown(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as { countdown?: string[] }).countdown = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=welcome-dialog] [role=timer]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const countdown = (page: Page) => page.evaluate(() => (window as { countdown?: string[] }).countdown ?? []);

/** Logs the demo player in from the header (on a phone the button is in the page too, behind the menu). */
async function logInDemo(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.locator('.header-login').first().waitFor({ state: 'attached' });
  await page.evaluate(() => document.querySelector<HTMLElement>('.header-login')?.click());
  await fillLogin(page);
  // A login from the header goes on to the casino.
  await page.waitForURL(/\/online-casino$/);
}

describe('honest messages', () => {
  const { browser, mail } = browserAndMail();

  describe('after registration', () => {
    it('says the account was created and where the activation link went, counts down in seconds, and says activated only after the link', async () => {
      const context = await browser.newContext(visitor(DESKTOP));
      const page = await context.newPage();
      const player = { username: `w_${randomUUID().slice(0, 8)}`, email: `w.${randomUUID().slice(0, 8)}@example.test` };
      await page.goto(`${baseUrl}/`);
      await page.locator('.account-area[data-state="guest"]').waitFor();
      await page.locator('.account-area [data-action="register"]').click();
      await page.locator('dialog.modal [name="username"]').waitFor();
      await recordCountdown(page);
      await register(page, 'dialog.modal', player);

      const dialog = page.getByTestId('welcome-dialog');
      await dialog.waitFor();
      const said = (await dialog.textContent()) ?? '';
      expect(said).toContain('Your account has been created and you are logged in.');
      expect(await page.getByTestId('activation-sent').textContent()).toBe(
        `We have sent an activation link to ${player.email}. Open it to confirm your email address.`,
      );
      expect(said).not.toMatch(/activated/i);
      await dialog.getByText('You will be redirected in 1 second', { exact: true }).waitFor();
      expect(await countdown(page)).toEqual([
        'You will be redirected in 5 seconds',
        'You will be redirected in 4 seconds',
        'You will be redirected in 3 seconds',
        'You will be redirected in 2 seconds',
        'You will be redirected in 1 second',
      ]);
      await page.waitForURL(`${baseUrl}/user-management?tab=2`);

      // The link from the mail: only now the account is called activated.
      const link = (await mail.next(player.email)).links.find((l) => l.includes('/welcome?activation_token=')) ?? '';
      expect(link).not.toBe('');
      await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
      const done = page.getByTestId('activation-done');
      await done.waitFor();
      expect(await done.textContent()).toMatch(/^Account activated, redirect in [2-5] seconds\.$/);
      await page.getByText('Account activated, redirect in 1 second.', { exact: true }).waitFor();
      await page.waitForURL(`${baseUrl}/online-casino`);
      await context.close();
    });

    it('on a phone in Czech, counts with Czech plural forms', async () => {
      const context = await browser.newContext(visitor(PHONE));
      const page = await context.newPage();
      const player = { username: `cz_${randomUUID().slice(0, 8)}`, email: `cz.${randomUUID().slice(0, 8)}@example.test` };
      await page.goto(`${baseUrl}/cz/sign-up`);
      await page.locator('.register-page [name="username"]').waitFor();
      await recordCountdown(page);
      await register(page, '.register-page', player);

      const dialog = page.getByTestId('welcome-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Váš účet byl vytvořen a jste přihlášeni.');
      expect(await page.getByTestId('activation-sent').textContent()).toBe(
        `Na adresu ${player.email} jsme poslali aktivační odkaz. Otevřete ho, abyste potvrdili svou e-mailovou adresu.`,
      );
      await dialog.getByText('Za 1 sekundu budete přesměrováni', { exact: true }).waitFor();
      expect(await countdown(page)).toEqual([
        'Za 5 sekund budete přesměrováni',
        'Za 4 sekundy budete přesměrováni',
        'Za 3 sekundy budete přesměrováni',
        'Za 2 sekundy budete přesměrováni',
        'Za 1 sekundu budete přesměrováni',
      ]);
      // The dialog fits the phone.
      const box = await page.locator('dialog.modal').boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);
      await page.waitForURL(`${baseUrl}/cz/user-management?tab=2`);
      await context.close();
    });
  });

  describe('the support chat', () => {
    async function openChat(page: Page): Promise<void> {
      await page.locator('.chat-launcher').click();
      await page.locator('.chat-panel #chat-input').waitFor();
    }

    it('shows a guest their line as sent, when support answers and where, and mails the answer to the address they leave', async () => {
      const context = await browser.newContext(visitor(DESKTOP));
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await openChat(page);
      const question = `Where is my withdrawal? ${randomUUID().slice(0, 6)}`;
      await page.locator('#chat-input').fill(question);
      await page.locator('#chat-input').press('Enter');

      const line = page.locator('.chat-visitor', { hasText: question });
      await line.locator('.chat-state', { hasText: /^Sent$/ }).waitFor();
      const ack = page.getByTestId('chat-ack');
      await ack.waitFor();
      expect(await ack.textContent()).toContain('We usually answer within 1-2 working days.');
      expect(await ack.textContent()).toContain('The answer appears here while this page is open, and when you open the chat again in this browser.');

      // An address that is none is refused in words; a real one is confirmed.
      const email = page.getByLabel(en.chat.email_label);
      await email.fill('not-an-address');
      await page.locator('.chat-email button[type=submit]').click();
      await page.locator('.chat-email [role=alert]', { hasText: en.validation.email_validation }).waitFor();
      const address = `guest.${randomUUID().slice(0, 8)}@example.test`;
      await email.fill(address);
      await email.press('Enter');
      expect(await page.getByTestId('chat-email-saved').textContent()).toBe(`We will also send the answer to ${address}.`);

      // Staff answer: it appears in the open chat, and reaches the address.
      const { threads } = (await asStaff(baseUrl, 'admin/get_support_threads', { status: 'pending' })) as {
        threads: { id: number; email: string | null }[];
      };
      const thread = threads.find((t) => t.email === address);
      expect(thread).toBeDefined();
      await asStaff(baseUrl, 'admin/reply_player_message', { id: thread?.id, text: 'It was paid out this morning.' });
      await page.locator('.chat-support', { hasText: 'It was paid out this morning.' }).waitFor({ timeout: 15_000 });
      await ack.waitFor({ state: 'detached' });
      const letter = await mail.next(address);
      expect(letter.text).toContain('It was paid out this morning.');
      expect(letter.text).toContain(question);
      await context.close();
    });

    it('on a phone in Polish, marks a line that did not go out and sends it again on request', async () => {
      const context = await browser.newContext(visitor(PHONE));
      const page = await context.newPage();
      await page.goto(`${baseUrl}/pl`);
      await page.route('**/api/front/chat_send', (route) => route.abort());
      await openChat(page);
      await page.locator('#chat-input').fill('Czy mogę zmienić walutę?');
      await page.locator('.chat-form button[type=submit]').click();

      const line = page.locator('.chat-visitor', { hasText: 'Czy mogę zmienić walutę?' });
      await line.locator('.chat-state', { hasText: /^Nie wysłano$/ }).waitFor();
      expect(await page.getByTestId('chat-ack').count()).toBe(0);
      await page.unroute('**/api/front/chat_send');
      await line.getByRole('button', { name: 'Wyślij ponownie' }).click();
      await line.locator('.chat-state', { hasText: /^Wysłano$/ }).waitFor();
      expect(await page.getByTestId('chat-ack').textContent()).toContain('Zwykle odpowiadamy w ciągu 1–2 dni roboczych.');
      expect(await page.locator('.chat-visitor').count()).toBe(1);
      // The panel stays within the phone's width.
      const box = await page.locator('.chat-panel').boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);
      await context.close();
    });
  });

  describe('details', () => {
    /** A bet of the demo player, as a game studio reports it. */
    async function bet(): Promise<void> {
      const raw = JSON.stringify({
        playerId: DEMO_ID,
        transactionId: `bet-${randomUUID()}`,
        amount: 1,
        gameId: 'eagle-slots',
        gameName: 'Eagle Slots',
        roundId: `round-${randomUUID()}`,
      });
      const signature = createHmac('sha256', inject('webhookSecret')).update(raw).digest('hex');
      const response = await fetch(`${baseUrl}/api/games/wallet/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body: raw,
      });
      expect(((await response.json()) as { status: number }).status).toBe(1);
    }

    /** What the player should read for an instant: YYYY.MM.DD and HH:MM on the 24-hour clock (SPEC §1), in their time zone, whatever the locale. */
    function expected(iso: string, timeZone: string): string {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso)).replaceAll('-', '.');
      const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
      return `${day} ${time}`;
    }

    async function firstBetRow(context: BrowserContext, locale: string): Promise<{ iso: string; shown: string }> {
      await bet();
      const page = await context.newPage();
      await logInDemo(page, locale === 'en' ? '/' : `/${locale}`);
      await page.goto(`${baseUrl}${locale === 'en' ? '' : `/${locale}`}/user-management?tab=0`);
      const time = page.locator('[data-testid=bet-table] tbody tr').first().locator('time');
      await time.waitFor();
      return { iso: (await time.getAttribute('datetime')) ?? '', shown: (await time.textContent()) ?? '' };
    }

    it('shows each bet with its date and time on the 24-hour clock in the player’s time zone', async () => {
      const context = await browser.newContext({ ...DESKTOP, locale: 'en-US', timezoneId: 'America/New_York' });
      const { iso, shown } = await firstBetRow(context, 'en');
      expect(shown).toBe(expected(iso, 'America/New_York'));
      // The 24-hour clock in English too: one form of date on the whole site.
      expect(shown).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
      await context.close();
    });

    it('on a phone in German, shows the bet’s time on the 24-hour clock', async () => {
      const context = await browser.newContext({ ...PHONE, locale: 'de-DE', timezoneId: 'Asia/Tokyo' });
      const { iso, shown } = await firstBetRow(context, 'de');
      expect(shown).toBe(expected(iso, 'Asia/Tokyo'));
      expect(shown).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
      await context.close();
    });

    /** Fields that show a green verdict while their input is empty. */
    const greenWhileEmpty = (page: Page, scope: string) =>
      page.$$eval(`${scope} .field.is-valid`, (fields) =>
        fields.filter((f) => [...f.querySelectorAll('input')].every((i) => i.value.trim() === '')).map((f) => f.querySelector('input')?.name),
      );

    it('gives an empty optional field no verdict when the registration is submitted empty', async () => {
      const context = await browser.newContext(DESKTOP);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await page.locator('.account-area[data-state="guest"]').waitFor();
      await page.locator('.account-area [data-action="register"]').click();
      await page.locator('dialog.modal [name="username"]').waitFor();
      await page.locator('dialog.modal .link-button[aria-expanded]').click();
      await page.locator('dialog.modal [name="first_name"]').fill('Anna');
      await page.locator('dialog.modal button[type=submit]').last().click();
      await page.locator('dialog.modal .field.is-invalid').first().waitFor();

      const promo = page.locator('dialog.modal .field', { has: page.locator('[name="promo_code"]') });
      expect(await promo.getAttribute('class')).toBe('field');
      expect(await greenWhileEmpty(page, 'dialog.modal')).toEqual([]);
      // A filled, valid field still turns green.
      expect(await page.locator('dialog.modal .field', { has: page.locator('[name="first_name"]') }).getAttribute('class')).toContain('is-valid');
      await context.close();
    });

    it('on a phone, leaves the sign-up page’s empty promo code without a verdict too', async () => {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/pl/sign-up`);
      await page.locator('.register-page button[type=submit]').last().click();
      await page.locator('.register-page .field.is-invalid').first().waitFor();
      expect(await page.locator('.register-page .field', { has: page.locator('[name="promo_code"]') }).getAttribute('class')).toBe('field');
      expect(await greenWhileEmpty(page, '.register-page')).toEqual([]);
      await context.close();
    });
  });
});

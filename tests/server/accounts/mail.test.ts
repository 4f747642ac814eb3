// Mail texts and transports, without the API around them.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { createMailer } from '../../../src/server/mail/mailer.ts';
import { type MailKind, renderMail, siteLink, TRANSLATED_MAIL_LOCALES } from '../../../src/server/mail/templates.ts';
import { startMailCatcher } from './helpers.ts';

const KINDS: MailKind[] = ['activation', 'reset', 'username', 'supportReply', 'chatReply', 'staffEnrolment', 'secondFactorFailures'];
const PARAMS = { username: 'erika', link: 'https://casino.test/x?t=1&u=2', usernames: '• erika', name: 'Erika', reply: 'Done.', original: 'Help?', count: '5' };

describe('mail', () => {
  it('has a filled-in subject and text for every kind in every sign-up language, each its own translation', () => {
    for (const kind of KINDS) {
      const subjects = new Set<string>();
      for (const locale of TRANSLATED_MAIL_LOCALES) {
        const mail = renderMail(kind, locale, PARAMS);
        expect(mail.text, `${kind} ${locale}`).not.toMatch(/\{\w+\}/);
        expect(mail.subject.length).toBeGreaterThan(5);
        if (locale !== 'in') subjects.add(mail.subject);
      }
      // en, fr, fi, de, it, se, no: seven languages, seven subjects (in is English-India).
      expect(subjects.size, kind).toBe(7);
      expect(renderMail(kind, 'in', PARAMS).subject).toBe(renderMail(kind, 'en', PARAMS).subject);
    }
  });

  it('falls back to English for other locales and for nonsense', () => {
    expect(renderMail('reset', 'jp', PARAMS).subject).toBe(renderMail('reset', 'en', PARAMS).subject);
    expect(renderMail('reset', 'xx', PARAMS).subject).toBe(renderMail('reset', 'en', PARAMS).subject);
    expect(renderMail('reset', null, PARAMS).subject).toBe(renderMail('reset', 'en', PARAMS).subject);
  });

  it('escapes what it puts into the HTML part and links only our link', () => {
    const mail = renderMail('supportReply', 'de', { ...PARAMS, name: '<b>Erika</b>', reply: '<script>alert(1)</script> <a href="http://evil.test">x</a>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('href="http://evil.test"');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(renderMail('reset', 'en', PARAMS).html).toContain('<a href="https://casino.test/x?t=1&amp;u=2">');
  });

  it('builds localized links to the site', () => {
    expect(siteLink('https://casino.test', '/welcome', 'se', { activation_token: 'a b' })).toBe('https://casino.test/se/welcome?activation_token=a+b');
    expect(siteLink('https://casino.test', '/', 'en')).toBe('https://casino.test/');
    expect(siteLink('http://localhost:4321', '/', 'de', { reset_token: 't' })).toBe('http://localhost:4321/de?reset_token=t');
  });

  it('writes mail to DATA_DIR/outbox as .eml files in development', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'casino-outbox-'));
    const mailer = createMailer({ env: 'development', dataDir, smtpUrl: undefined, mailFrom: 'Casino Eagles <no-reply@casino.test>' }, createLogger('silent'));
    await mailer.send({ to: 'erika@mail.test', kind: 'activation', locale: 'fi', params: PARAMS });
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await PostalMime.parse(readFileSync(join(dataDir, 'outbox', files[0] ?? '')));
    expect(parsed.subject).toBe('Vahvista sähköpostiosoitteesi – Casino Eagles');
    expect(parsed.to?.[0]).toMatchObject({ address: 'erika@mail.test' });
    expect(parsed.text).toContain(PARAMS.link);
  });

  it('sends through SMTP_URL, and logs rather than throws when a queued mail fails', async () => {
    const catcher = await startMailCatcher();
    const mailer = createMailer({ env: 'test', dataDir: tmpdir(), smtpUrl: catcher.url, mailFrom: 'Support <help@casino.test>' }, createLogger('silent'));
    mailer.later(async () => [{ to: 'a@mail.test', kind: 'username', locale: 'no', params: PARAMS }]);
    mailer.later(async () => {
      throw new Error('lookup failed');
    });
    await mailer.drain();
    const mail = await catcher.next('a@mail.test');
    expect(mail).toMatchObject({ from: 'help@casino.test', subject: 'Brukernavnet ditt – Casino Eagles' });
    mailer.close();
    await catcher.close();
  });

  it('reads SMTP_URL and MAIL_FROM from the environment, and names a bad SMTP_URL', () => {
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtps://user:pw@mail.example:465', MAIL_FROM: 'Casino <a@b.test>' });
    expect(config).toMatchObject({ smtpUrl: 'smtps://user:pw@mail.example:465', mailFrom: 'Casino <a@b.test>' });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ smtpUrl: undefined, mailFrom: 'Casino Eagles <no-reply@casino.test>' });
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: expected an smtp:\/\//);
  });
});

// A real SMTP server that catches the mail the server under test sends, for API and
// browser tests alike; tests follow the links in what it catches.
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part. */
  links: string[];
}

export interface MailCatcher {
  /** SMTP_URL for the server under test. */
  url: string;
  mails: CaughtMail[];
  /** The next mail to `to` not returned before; waits for it up to `timeoutMs`. */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  /** Mails to `to` so far. */
  to(to: string): CaughtMail[];
  close(): Promise<void>;
}

export async function startMailCatcher(listenPort = 0): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            const text = email.text ?? '';
            mails.push({
              to: (email.to ?? []).map((a) => ('address' in a && a.address ? a.address.toLowerCase() : '')),
              from: email.from && 'address' in email.from ? (email.from.address ?? '') : '',
              subject: email.subject ?? '',
              text,
              html: email.html ?? '',
              links: text.match(/https?:\/\/\S+/g) ?? [],
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const forTo = (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: forTo,
    async next(to, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mail = forTo(to).find((m) => !taken.has(m));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Sending mail: SMTP when SMTP_URL is set; otherwise development keeps each mail as an
// .eml file in DATA_DIR/outbox (open it with any mail program, or read it as text), and
// tests without an SMTP server of their own discard them.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { type MailKind, renderMail } from './templates.ts';

export interface OutgoingMail {
  to: string;
  kind: MailKind;
  /** The recipient's site locale; the texts fall back to English. */
  locale: string | null | undefined;
  params: Record<string, string>;
}

export interface Mailer {
  /** Renders and sends one mail; rejects when the server refuses it. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Runs `compose` after the reply has gone and sends what it returns. Whether an
   * account exists then changes neither the reply nor its timing; failures are logged.
   */
  later(compose: () => Promise<OutgoingMail[]>): void;
  /** Resolves once every mail handed to `later` is sent or has failed. */
  drain(): Promise<void>;
  close(): void;
}

type Deliver = (message: { from: string; to: string; subject: string; text: string; html: string }) => Promise<void>;

function transportFor(config: Pick<Config, 'smtpUrl' | 'env' | 'dataDir'>, logger: Logger): { deliver: Deliver; close: () => void } {
  if (config.smtpUrl) {
    const transport = createTransport(config.smtpUrl);
    return {
      deliver: async (message) => {
        await transport.sendMail(message);
      },
      close: () => transport.close(),
    };
  }
  const stream = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  if (config.env === 'test') {
    return { deliver: async (message) => void (await stream.sendMail(message)), close: () => {} };
  }
  const outbox = join(config.dataDir, 'outbox');
  if (config.env === 'production') logger.warn({ outbox }, 'SMTP_URL is not set: mails are written to the outbox directory instead of being sent');
  return {
    deliver: async (message) => {
      const info = await stream.sendMail(message);
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(join(outbox, name), info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file: join(outbox, name) }, 'mail written to the outbox');
    },
    close: () => {},
  };
}

/** The mailer the configuration asks for. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env' | 'dataDir'>, logger: Logger): Mailer {
  const { deliver, close } = transportFor(config, logger);
  const pending = new Set<Promise<void>>();

  const send = async (mail: OutgoingMail) => {
    const { subject, text, html } = renderMail(mail.kind, mail.locale, mail.params);
    await deliver({ from: config.mailFrom, to: mail.to, subject, text, html });
  };

  return {
    send,
    later(compose) {
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(compose)
        .then((mails) => Promise.all(mails.map(send)))
        .then(
          () => {},
          (error: unknown) => logger.error({ err: error }, 'mail not sent'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending);
    },
    close,
  };
}

// What every sandbox provider shares: its own secret (derived from ours and its name),
// sealed session tokens for its hosted pages, its signed webhooks, and a plain page.
// A sandbox provider behaves like a third party mounted on our server: it never writes
// our tables, it only tells us what happened through a signed webhook.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerContext } from '../../context.ts';
import { checkSignature, providerSecret, SIGNATURE_HEADER, signPayload } from '../signature.ts';
import type { PaymentAdapter, Verified, WebhookEvent } from '../types.ts';

export function sandboxSecrets(ctx: ServerContext, adapter: string): string[] {
  const { webhookSecret, webhookSecretPrevious } = ctx.config;
  return [providerSecret(webhookSecret, adapter), ...(webhookSecretPrevious ? [providerSecret(webhookSecretPrevious, adapter)] : [])];
}

const b64 = (s: string) => Buffer.from(s).toString('base64url');

/** A hosted page's session: what the provider was asked, sealed so the browser cannot change it. */
export interface Session {
  /** processor id */
  p: number;
  /** our payment id */
  r: number;
  /** cents */
  a: number;
  c: string;
  ok: string;
  fail: string;
  /** a card token, when the player's card was tokenized before */
  t?: string;
  /** expiry, ms */
  x: number;
}

const SESSION_MS = 60 * 60 * 1000;

export function seal(ctx: ServerContext, adapter: string, data: Omit<Session, 'x'> | Record<string, unknown>, lifetimeMs = SESSION_MS): string {
  const body = b64(JSON.stringify({ ...data, x: ctx.clock.now() + lifetimeMs }));
  const mac = createHmac('sha256', sandboxSecrets(ctx, adapter)[0] as string)
    .update(body)
    .digest('base64url');
  return `${body}.${mac}`;
}

export function unseal<T = Session>(ctx: ServerContext, adapter: string, token: string | undefined): T | undefined {
  if (!token || token.length > 4000) return undefined;
  const [body, mac] = token.split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', sandboxSecrets(ctx, adapter)[0] as string)
    .update(body)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const data = JSON.parse(Buffer.from(body, 'base64url').toString()) as T & { x: number };
    return data.x > ctx.clock.now() ? data : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON body a sandbox provider posts to our webhook. */
export function eventBody(event: WebhookEvent): string {
  const { id, type, ...data } = event;
  return JSON.stringify({ id, type, data });
}

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** A signed webhook as the provider sends it. */
export function signedWebhook(ctx: ServerContext, adapter: string, event: WebhookEvent): { body: string; signature: string } {
  const body = eventBody(event);
  return { body, signature: signPayload(sandboxSecrets(ctx, adapter)[0] as string, body, Math.floor(ctx.clock.now() / 1000)) };
}

/**
 * The sandbox providers' payout: the transfer is sent at once and the provider tells us it
 * arrived (a bank account, an e-wallet account or a coin address, as the payment's details name).
 */
export function sandboxPayout(adapter: string): NonNullable<PaymentAdapter['payout']> {
  return async (ctx, input) => {
    const providerRef = `po_${input.paymentId}`;
    await deliver(ctx, input.processor.id, adapter, {
      id: `evt_po_${input.paymentId}_paid`,
      type: 'payout.paid',
      reference: input.paymentId,
      providerRef,
      amount: input.amount,
      currency: input.currency,
    });
    return { providerRef };
  };
}

/** Delivers an event to our webhook endpoint (in process: the same path an HTTP delivery takes). */
export async function deliver(ctx: ServerContext, processorId: number, adapter: string, event: WebhookEvent): Promise<{ status: number; body: unknown }> {
  const { body, signature } = signedWebhook(ctx, adapter, event);
  // Imported here: the service imports the registry, which imports the sandbox providers.
  const { receiveWebhook } = await import('../service.ts');
  return receiveWebhook(ctx, processorId, body, (name) => (name.toLowerCase() === SIGNATURE_HEADER ? signature : undefined));
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined);

export function verifySandbox(ctx: ServerContext, adapter: string, raw: string, header: (name: string) => string | undefined): Verified {
  const check = checkSignature(sandboxSecrets(ctx, adapter), raw, header(SIGNATURE_HEADER), ctx.clock.now());
  if (check !== 'ok') return { ok: false, reason: check };
  let parsed: { id?: unknown; type?: unknown; data?: Record<string, unknown> };
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'invalid_event' };
  }
  const id = str(parsed.id);
  const type = str(parsed.type);
  if (!id || !type || id.length > 100 || type.length > 60) return { ok: false, reason: 'invalid_event' };
  const d = parsed.data && typeof parsed.data === 'object' ? parsed.data : {};
  const event: WebhookEvent = { id, type };
  const reference = int(d.reference);
  if (reference !== undefined) event.reference = reference;
  for (const k of ['providerRef', 'currency', 'reason', 'address', 'coin'] as const) {
    const v = str(d[k]);
    if (v !== undefined) event[k] = v.slice(0, 200);
  }
  const amount = int(d.amount);
  if (amount !== undefined) event.amount = amount;
  return { ok: true, event };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
export { escapeHtml };

/** A sandbox provider's page: plain HTML, its own look, clearly not our site. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font:16px system-ui,sans-serif;background:#eef1f6;color:#1b2330;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:40px 12px;padding:24px 28px;border-radius:10px;max-width:420px;width:100%;box-shadow:0 2px 10px #0002}
h1{font-size:20px;margin:0 0 4px}.sub{color:#5a6577;font-size:13px;margin:0 0 18px}label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:9px;border:1px solid #a9b3c2;border-radius:6px;font:inherit}
.row{display:flex;gap:10px}.row>div{flex:1}button{margin-top:18px;padding:10px 16px;border:0;border-radius:6px;font:inherit;cursor:pointer;background:#3355dd;color:#fff}
button.secondary{background:#dde2ea;color:#1b2330}.err{color:#b00020;margin:10px 0 0}.amount{font-size:28px;font-weight:700;margin:8px 0}
code{background:#f3f5f8;padding:2px 4px;border-radius:4px;word-break:break-all}</style></head><body><main>${body}</main></body></html>`;
}

export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
}

const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'";

/** A provider page as a response, with the policy it needs (its own styles, posting its forms). */
export function htmlResponse(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': SANDBOX_CSP } });
}

// The seam between the payments service and each provider: one adapter per provider,
// named by its processors' rows. Adding a real provider is one adapter file plus a row.
import type { ProcessorKind, ProcessorLimits, ProcessorReply } from '../db/schema/payments.ts';
import type { ServerContext } from '../context.ts';

export interface Processor {
  id: number;
  name: string;
  call: string;
  kind: ProcessorKind;
  adapter: string;
  reply: ProcessorReply;
  logo: string;
  enabled: boolean;
  deposit: boolean;
  withdraw: boolean;
  countries: string[];
  limits: Record<string, ProcessorLimits>;
  feeBp: number;
  feeFixed: number;
  priority: number;
  setting: Record<string, unknown>;
}

/** Where the provider sends the player back: our deposit tab with the outcome in the query (contract §12.5). */
export interface ReturnUrls {
  success: string;
  fail: string;
}

export interface DepositStart {
  processor: Processor;
  /** Our id of the payment: the provider's "merchant order id". */
  paymentId: number;
  playerId: number;
  amount: number;
  currency: string;
  returnUrls: ReturnUrls;
  /** A card token from the provider's tokenizing endpoint; card data itself never reaches us. */
  cardToken?: string | undefined;
  paymentMethod?: string | undefined;
  coin?: string | undefined;
}

/** How the browser continues: go to a URL, post a form there, write HTML into the window, or send coins to an address. */
export type StartResult =
  | { type: 'redirect'; url: string; providerRef?: string }
  | { type: 'form'; url: string; fields: Record<string, string>; providerRef?: string }
  | { type: 'html'; html: string; providerRef?: string }
  | { type: 'address'; address: string; coin: string; url: string; qr: string }
  /** The provider refused at once (a declined card): the payment fails, nothing is credited. */
  | { type: 'declined'; reason: string; providerRef?: string };

export type WebhookEventType = 'payment.created' | 'payment.succeeded' | 'payment.failed' | 'payout.paid' | 'payout.failed' | 'crypto.confirmed';

export interface WebhookEvent {
  id: string;
  type: WebhookEventType | string;
  /** Our payment id (the merchant reference), when the event is about one. */
  reference?: number;
  providerRef?: string;
  amount?: number;
  currency?: string;
  reason?: string;
  /** Crypto: the address the coins reached and the coin sent. */
  address?: string;
  coin?: string;
}

export type Verified = { ok: true; event: WebhookEvent } | { ok: false; reason: 'bad_signature' | 'stale_signature' | 'invalid_event' };

export interface PayoutRequest {
  processor: Processor;
  paymentId: number;
  playerId: number;
  amount: number;
  currency: string;
  details: Record<string, unknown>;
}

export type CardFunding = 'credit' | 'debit' | 'prepaid';

export interface PaymentAdapter {
  readonly name: string;
  /** Starts a deposit at the provider. */
  startDeposit(ctx: ServerContext, input: DepositStart): Promise<StartResult>;
  /** Checks the webhook's signature over the raw body and reads the event. */
  verifyWebhook(ctx: ServerContext, rawBody: string, headers: (name: string) => string | undefined): Verified;
  /** Sends money out; the provider's webhook says when it arrived. */
  payout?(ctx: ServerContext, input: PayoutRequest): Promise<{ providerRef: string }>;
  /**
   * What kind of card a card token stands for, as the provider's BIN data says: a market
   * that refuses credit cards asks before the deposit starts. Undefined: not known.
   */
  cardFunding?(ctx: ServerContext, cardToken: string): CardFunding | undefined;
}

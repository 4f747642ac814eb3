// Adapters by the name a processor row gives. A real provider is one more adapter here.
// The sandbox adapters answer only where the sandbox is switched on (config.sandbox): in
// production their rows would take a public test card as money.
import { Hono } from 'hono';
import type { Config } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { AppEnv } from '../http.ts';
import { CARD_ADAPTER, cardAdapter, cardSandboxRoutes } from './sandbox/card.ts';
import { CRYPTO_ADAPTER, cryptoAdapter, cryptoSandboxRoutes } from './sandbox/crypto.ts';
import { BANK_ADAPTER, bankAdapter, hostedSandboxRoutes, WALLET_ADAPTER, walletAdapter } from './sandbox/hosted.ts';
import type { PaymentAdapter } from './types.ts';

const SANDBOX_ADAPTERS = new Map<string, PaymentAdapter>([
  [CARD_ADAPTER, cardAdapter],
  [WALLET_ADAPTER, walletAdapter],
  [BANK_ADAPTER, bankAdapter],
  [CRYPTO_ADAPTER, cryptoAdapter],
]);

/** The real providers' adapters (none yet: each one added here is live in production). */
const LIVE_ADAPTERS = new Map<string, PaymentAdapter>();

/** Whether an adapter name is one of the sandbox's (a production start refuses rows naming one). */
export function isSandboxAdapter(name: string): boolean {
  return SANDBOX_ADAPTERS.has(name);
}

/** The adapter a processor row names, if this configuration serves it. */
export function adapterFor(config: Pick<Config, 'sandbox'>, name: string): PaymentAdapter | undefined {
  return LIVE_ADAPTERS.get(name) ?? (config.sandbox ? SANDBOX_ADAPTERS.get(name) : undefined);
}

/** The sandbox providers' own pages and endpoints, at /api/sandbox/<kind>. */
export function sandboxRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .route('/card', cardSandboxRoutes(ctx))
    .route('/wallet', hostedSandboxRoutes(ctx, WALLET_ADAPTER))
    .route('/bank', hostedSandboxRoutes(ctx, BANK_ADAPTER))
    .route('/crypto', cryptoSandboxRoutes(ctx));
}

// Adapters by the name a processor row gives. A real provider is one more adapter here.
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import type { AppEnv } from '../http.ts';
import { CARD_ADAPTER, cardAdapter, cardSandboxRoutes } from './sandbox/card.ts';
import { CRYPTO_ADAPTER, cryptoAdapter, cryptoSandboxRoutes } from './sandbox/crypto.ts';
import { BANK_ADAPTER, bankAdapter, hostedSandboxRoutes, WALLET_ADAPTER, walletAdapter } from './sandbox/hosted.ts';
import type { PaymentAdapter } from './types.ts';

const ADAPTERS = new Map<string, PaymentAdapter>([
  [CARD_ADAPTER, cardAdapter],
  [WALLET_ADAPTER, walletAdapter],
  [BANK_ADAPTER, bankAdapter],
  [CRYPTO_ADAPTER, cryptoAdapter],
]);

export function adapterFor(name: string): PaymentAdapter | undefined {
  return ADAPTERS.get(name);
}

/** The sandbox providers' own pages and endpoints, at /api/sandbox/<kind>. */
export function sandboxRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .route('/card', cardSandboxRoutes(ctx))
    .route('/wallet', hostedSandboxRoutes(ctx, WALLET_ADAPTER))
    .route('/bank', hostedSandboxRoutes(ctx, BANK_ADAPTER))
    .route('/crypto', cryptoSandboxRoutes(ctx));
}

// What a start refuses to serve. A production database that still names a sandbox
// processor or the sandbox game provider would take a public test card, or a provider
// whose key is derived from ours, as real money: the start stops (exit code 2) and says
// which rows to change, instead of serving them.
import { eq, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { paymentProcessors, walletProviders } from './db/schema/index.ts';
import type { Logger } from './logger.ts';
import { adapterFor, isSandboxAdapter } from './payments/registry.ts';
import { SANDBOX_PROVIDER } from './seamless/sandbox.ts';

/** A start that must not go on; main() prints the message and exits with code 2, as for a wrong setting. */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/**
 * Stops a start without the sandbox whose database names sandbox parties, and logs which
 * payment processors are live (enabled, with an adapter this configuration serves).
 */
export async function checkPaymentParties(db: Db, config: Pick<Config, 'sandbox' | 'production'>, logger: Logger): Promise<void> {
  const rows = await db
    .select({ id: paymentProcessors.id, name: paymentProcessors.name, adapter: paymentProcessors.adapter, enabled: paymentProcessors.enabled })
    .from(paymentProcessors)
    .orderBy(paymentProcessors.id);
  if (!config.sandbox) {
    const named = rows.filter((r) => isSandboxAdapter(r.adapter)).map((r) => `${r.id} ${r.name} (${r.adapter})`);
    const [provider] = await db
      .select({ code: walletProviders.code })
      .from(walletProviders)
      .where(sql`${eq(walletProviders.code, SANDBOX_PROVIDER.code)} and ${walletProviders.enabled}`);
    if (provider) named.push(`game provider ${provider.code}`);
    if (named.length > 0)
      throw new StartRefused(
        `Refusing to start: the sandbox is off (production without STAGING_SANDBOX=true) but the database names sandbox parties that would take test cards as money:\n  ${named.join('\n  ')}\nGive these processors a real adapter or delete them, and disable the sandbox game provider (npm run providers), then start again.`,
      );
  }
  const live = rows.filter((r) => r.enabled && adapterFor(config, r.adapter)).map((r) => `${r.id} ${r.name} (${r.adapter})`);
  if (config.production && config.sandbox)
    logger.warn('STAGING_SANDBOX is on: sandbox processors credit test cards and the sandbox game provider plays; never on a site with real players');
  logger.info(
    { processors: live },
    live.length > 0 ? `payment processors live: ${live.length}` : 'payment processors live: none (no processor has an adapter served here)',
  );
}

// What a suite's seed depends on besides its demo accounts: the run's global setups seed
// one copy of the migrated database with the default test configuration, and a suite whose
// seed would be the same starts from that copy instead of seeding its own (the demo
// accounts' password hashes, the catalogue, the content: a second or more per suite).
import type { Config } from '../../src/server/config.ts';

export function seedInputs(config: Pick<Config, 'webhookSecret' | 'providerSecretsKey' | 'twoFactorKey'>): string {
  return JSON.stringify([config.webhookSecret, config.providerSecretsKey, config.twoFactorKey]);
}

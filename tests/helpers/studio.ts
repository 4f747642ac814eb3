// The game studio as the API tests play it: a game launched as the lobby launches it,
// round ids as a game page makes them, and the ledger checked after the money moved.
import { afterEach, expect, vi } from 'vitest';
import { type ManualClock, manualClock } from '../../src/server/clock.ts';
import type { Executor } from '../../src/server/db/client.ts';
import { auditLedger, balancedPerCurrency } from '../../src/server/wallet/index.ts';
import { suiteApi, type TestApi } from './app.ts';
import { newKey } from './wallet.ts';

/** How long a hand may stay open in studioSuite: not the default 24, so the sweep must read the configured limit. */
export const ABANDONED_HOURS = 6;

/** A file's test API for hands left open, on a manual clock; the decks a test stacks are put back after it. */
export function studioSuite(): { api: TestApi; clock: ManualClock } {
  const clock = manualClock();
  const api = suiteApi({ ABANDONED_HAND_HOURS: String(ABANDONED_HOURS) }, { clock });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return { api, clock };
}

/**
 * Launches a game (as the lobby does on every open and reload): for real money with a
 * player's token, for fun without. Returns the session token from the URL fragment.
 */
export async function launchGame(api: TestApi, slug: string, token?: string, lang = 'en'): Promise<string> {
  const { body } = await api.json<{ status: number; gameURL: string }>(
    'front/get_game_url',
    { game_code: slug, is_real: Boolean(token), lang },
    token ? { token } : {},
  );
  expect(body.status).toBe(1);
  return new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string;
}

/** A fresh round id of the form a game page sends. */
export const newRoundId = () => newKey('round').replace('-', '_');

/** Every account of the ledger sums as it should: each currency to zero, nothing lost, nothing negative, no drift. */
export async function expectBalancedLedger(db: Executor): Promise<void> {
  const audit = await auditLedger(db);
  expect(audit).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [] });
  expect(balancedPerCurrency(audit)).toBe(true);
}

/** Real time for a schedule's lease to run out: leases keep the database's time, not a test's clock. */
export const leaseRunsOut = (ms: number) => new Promise((done) => setTimeout(done, ms));

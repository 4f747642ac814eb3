// Recomputes a round in the browser with Web Crypto, by the mapping of
// src/shared/fairness.ts, without asking our server anything: the /fairness page's engine.
import { blockMessage, type FairGame, type FairOutcome, type FairSeeds, fairOutcome, fairRng, isFairGame, NeedBlock, toHex } from '../shared/fairness.ts';
import type { RoundDetails } from '../shared/schemas/games.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** SHA-256 of a text, in lower-case hex: a server seed's commitment. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text))));
}

/**
 * The outcome the seeds decide. Web Crypto answers asynchronously and the mapping reads
 * its blocks one after another, so the mapping runs on the blocks computed so far and,
 * when it needs the next one, is run again with eight more.
 */
export async function computeOutcome(engine: FairGame, seeds: FairSeeds, variant?: string): Promise<FairOutcome> {
  const key = await crypto.subtle.importKey('raw', utf8(seeds.serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const blocks: Uint8Array[] = [];
  for (;;) {
    try {
      return fairOutcome(
        engine,
        fairRng((_key, message) => {
          const cursor = Number(message.slice(message.lastIndexOf(':') + 1));
          const block = blocks[cursor];
          if (!block) throw new NeedBlock(cursor);
          return block;
        }, seeds),
        variant,
      );
    } catch (error) {
      if (!(error instanceof NeedBlock)) throw error;
      for (let cursor = blocks.length; cursor < error.cursor + 8; cursor++) {
        blocks[cursor] = new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8(blockMessage(seeds, cursor))));
      }
    }
  }
}

/** What a round states, as the round details give it. */
export interface StatedRound extends FairSeeds {
  engine: FairGame;
  variant?: string;
  serverSeedHash?: string;
  outcome?: FairOutcome;
}

export type Verdict =
  | { verified: true; outcome: FairOutcome }
  | { verified: false; outcome: FairOutcome; hash?: { stated: string; computed: string }; differs?: { stated: FairOutcome; computed: FairOutcome } };

/** Checks the seed against its commitment and the outcome against what the seeds decide. */
export async function verifyRound(round: StatedRound): Promise<Verdict> {
  const outcome = await computeOutcome(round.engine, round, round.variant);
  const computedHash = await sha256Hex(round.serverSeed);
  const hash =
    round.serverSeedHash && round.serverSeedHash.toLowerCase() !== computedHash ? { stated: round.serverSeedHash, computed: computedHash } : undefined;
  const differs = round.outcome && JSON.stringify(round.outcome) !== JSON.stringify(outcome) ? { stated: round.outcome, computed: outcome } : undefined;
  if (!hash && !differs) return { verified: true, outcome };
  return { verified: false, outcome, ...(hash ? { hash } : {}), ...(differs ? { differs } : {}) };
}

/** A round as a link to /fairness carries it, in the URL fragment (never sent to any server). */
export function fairnessFragment(round: StatedRound): string {
  const params = new URLSearchParams({ engine: round.engine, server: round.serverSeed, client: round.clientSeed, nonce: String(round.nonce) });
  if (round.variant) params.set('variant', round.variant);
  if (round.serverSeedHash) params.set('hash', round.serverSeedHash);
  if (round.outcome) params.set('outcome', JSON.stringify(round.outcome));
  return `#${params}`;
}

/** The link to /fairness that recomputes a round, or null while its server seed is secret. */
export function verifyLink(locale: string, round: RoundDetails): string | null {
  if (!round.serverSeed || !round.clientSeed || round.nonce === null || !isFairGame(round.engine)) return null;
  const prefix = locale === 'en' ? '' : `/${locale}`;
  return `${prefix}/fairness${fairnessFragment({
    engine: round.engine,
    ...(round.variant ? { variant: round.variant } : {}),
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    ...(round.serverSeedHash ? { serverSeedHash: round.serverSeedHash } : {}),
    ...(round.outcome ? { outcome: round.outcome } : {}),
  })}`;
}

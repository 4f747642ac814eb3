// Long proofs (million-round returns to player, soaks, 10,000-round fairness replays) run
// short in `npm test`, still long enough to fail on a wrong engine or a lost cent, and at
// their full length under `npm run test:proofs` (PROOFS=full; docs/testing.md).
export const FULL_PROOFS = process.env.PROOFS === 'full';

/** `full` under `npm run test:proofs`, `short` in `npm test`. */
export function proofLength(full: number, short: number): number {
  return FULL_PROOFS ? full : short;
}

/** 1000000 → "1,000,000", for test names that say how long they ran. */
export const count = (n: number) => n.toLocaleString('en');

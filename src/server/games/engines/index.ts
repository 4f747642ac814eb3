// Every engine of the studio by id. The catalogue names engines by these ids, and the
// game pages are built one per id (src/pages/[...locale]/play/[engine].astro).
import { andarBahar } from './andar-bahar.ts';
import { baccarat } from './baccarat.ts';
import { blackjack } from './blackjack.ts';
import { dice } from './dice.ts';
import { hilo } from './hilo.ts';
import { casinoHoldem } from './holdem.ts';
import { keno } from './keno.ts';
import { mines } from './mines.ts';
import { plinko } from './plinko.ts';
import { roulette } from './roulette.ts';
import { scratch } from './scratch.ts';
import { sicbo } from './sicbo.ts';
import { slot } from './slot.ts';
import { ENGINE_IDS, type EngineId } from '../../../shared/engines.ts';
import { teenPatti } from './teen-patti.ts';
import type { Engine } from './types.ts';
import { videoPoker } from './video-poker.ts';

/** An engine with its own types forgotten: the studio only passes it values its own schemas validated. */
function loose<C, S, V, A, K>(engine: Engine<C, S, V, A, K>): Engine {
  return engine as unknown as Engine;
}

export const ENGINES = {
  slot: loose(slot),
  dice: loose(dice),
  roulette: loose(roulette),
  keno: loose(keno),
  scratch: loose(scratch),
  blackjack: loose(blackjack),
  baccarat: loose(baccarat),
  'video-poker': loose(videoPoker),
  holdem: loose(casinoHoldem),
  hilo: loose(hilo),
  mines: loose(mines),
  plinko: loose(plinko),
  sicbo: loose(sicbo),
  'andar-bahar': loose(andarBahar),
  'teen-patti': loose(teenPatti),
} as const satisfies Record<EngineId, Engine>;

export { ENGINE_IDS, type EngineId };

/** The engine with this id. */
export function engineOf(id: string): Engine | undefined {
  return Object.hasOwn(ENGINES, id) ? ENGINES[id as EngineId] : undefined;
}

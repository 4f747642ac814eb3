// The game page's entry: picks the screen of the page's engine and loads only its code.
import { bootStudio, type Screen } from './studio.ts';

const SCREENS: Record<string, () => Promise<{ screen: Screen }>> = {
  slot: () => import('./screens/slot.ts'),
  dice: () => import('./screens/dice.ts'),
  roulette: () => import('./screens/roulette.ts'),
  keno: () => import('./screens/keno.ts'),
  scratch: () => import('./screens/scratch.ts'),
  blackjack: () => import('./screens/blackjack.ts'),
  baccarat: () => import('./screens/baccarat.ts'),
  'video-poker': () => import('./screens/video-poker.ts'),
  holdem: () => import('./screens/holdem.ts'),
  hilo: () => import('./screens/hilo.ts'),
  mines: () => import('./screens/mines.ts'),
  plinko: () => import('./screens/plinko.ts'),
  sicbo: () => import('./screens/sicbo.ts'),
  'andar-bahar': () => import('./screens/andar-bahar.ts'),
  'teen-patti': () => import('./screens/teen-patti.ts'),
};

const load = SCREENS[document.body.dataset.engine ?? ''];
if (load) void bootStudio(load().then((m) => m.screen));

// The ids of the studio's game engines: the catalogue names engines by them and the
// game pages are built one per id (src/pages/[...locale]/play/[engine].astro). Each id
// has its engine in src/server/games/engines/index.ts, which the type checker holds to this list.
export const ENGINE_IDS = [
  'slot',
  'dice',
  'roulette',
  'keno',
  'scratch',
  'blackjack',
  'baccarat',
  'video-poker',
  'holdem',
  'hilo',
  'mines',
  'plinko',
  'sicbo',
  'andar-bahar',
  'teen-patti',
] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

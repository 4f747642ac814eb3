// The demo catalogue: the providers and games a first start seeds. Every game is played
// by an engine of our own studio (src/server/games/engines); providers are the studio's
// labels. Thumbnails are generated from this list by scripts/game-art.ts into public/games.
import type { GameType } from '../db/schema/games.ts';

export interface CatalogProvider {
  slug: string;
  name: string;
}

/** Colours of a game's art and screen: background from, background to, accent. */
export const THEMES = {
  emerald: ['#0b3d2e', '#1f8a5b', '#ffd166'],
  ruby: ['#4a0d1c', '#c0263f', '#ffe08a'],
  sapphire: ['#0b1f4a', '#2f6fd6', '#9be7ff'],
  amber: ['#4a2a05', '#d98a0b', '#fff3c4'],
  violet: ['#25104a', '#7b3fe4', '#ffb3f0'],
  teal: ['#063a40', '#16a3a6', '#e0fff8'],
  graphite: ['#151821', '#3d4457', '#f2c14e'],
  rose: ['#4a1030', '#e0508a', '#fff0f6'],
} as const;
export type ThemeName = keyof typeof THEMES;

export interface CatalogGame {
  slug: string;
  name: string;
  provider: string;
  /** Game group id (see GAME_GROUPS in db/seed.ts). */
  group: number;
  type: GameType;
  engine: 'slot' | 'dice' | 'roulette' | 'keno' | 'scratch' | 'blackjack' | 'baccarat' | 'video-poker' | 'holdem';
  theme: ThemeName;
  /** Engine settings beyond the theme. */
  config?: Record<string, unknown>;
  sections: string[];
}

export const PROVIDERS: CatalogProvider[] = [
  { slug: 'eagle-studio', name: 'Eagle Studio' },
  { slug: 'nordlight', name: 'Nordlight Gaming' },
  { slug: 'red-mesa', name: 'Red Mesa Games' },
  { slug: 'golden-tables', name: 'Golden Tables' },
];

export const GAMES: CatalogGame[] = [
  // Slots
  {
    slug: 'eagle-fruits',
    name: 'Eagle Fruits',
    provider: 'eagle-studio',
    group: 1,
    type: 'online',
    engine: 'slot',
    theme: 'emerald',
    config: { variant: 'classic' },
    sections: ['top_casino_games', 'popular_casino'],
  },
  {
    slug: 'pharaohs-fortune',
    name: "Pharaoh's Fortune",
    provider: 'red-mesa',
    group: 1,
    type: 'online',
    engine: 'slot',
    theme: 'amber',
    config: { variant: 'volatile' },
    sections: ['top_casino_games', 'jackpot_games'],
  },
  {
    slug: 'viking-gold',
    name: 'Viking Gold',
    provider: 'nordlight',
    group: 1,
    type: 'online',
    engine: 'slot',
    theme: 'sapphire',
    config: { variant: 'volatile' },
    sections: ['megaways', 'new_games'],
  },
  {
    slug: 'lucky-clover',
    name: 'Lucky Clover',
    provider: 'eagle-studio',
    group: 1,
    type: 'online',
    engine: 'slot',
    theme: 'teal',
    config: { variant: 'classic' },
    sections: ['popular_casino', 'bonus_buy'],
  },
  {
    slug: 'dragon-pearls',
    name: 'Dragon Pearls',
    provider: 'red-mesa',
    group: 1,
    type: 'online',
    engine: 'slot',
    theme: 'ruby',
    config: { variant: 'volatile' },
    sections: ['jackpot_games', 'megaways'],
  },
  {
    slug: 'neon-sevens',
    name: 'Neon Sevens',
    provider: 'nordlight',
    group: 1,
    type: 'online',
    engine: 'slot',
    theme: 'violet',
    config: { variant: 'classic' },
    sections: ['new_games', 'bonus_buy'],
  },
  {
    slug: 'midnight-rose',
    name: 'Midnight Rose',
    provider: 'eagle-studio',
    group: 1,
    type: 'online',
    engine: 'slot',
    theme: 'rose',
    config: { variant: 'classic' },
    sections: ['new_games'],
  },
  {
    slug: 'iron-reels',
    name: 'Iron Reels',
    provider: 'nordlight',
    group: 1,
    type: 'online',
    engine: 'slot',
    theme: 'graphite',
    config: { variant: 'volatile' },
    sections: ['megaways', 'jackpot_games'],
  },
  // Table games
  {
    slug: 'european-roulette',
    name: 'European Roulette',
    provider: 'golden-tables',
    group: 3,
    type: 'online',
    engine: 'roulette',
    theme: 'emerald',
    sections: ['top_casino_games', 'popular_casino'],
  },
  {
    slug: 'royal-roulette',
    name: 'Royal Roulette',
    provider: 'red-mesa',
    group: 3,
    type: 'online',
    engine: 'roulette',
    theme: 'ruby',
    sections: ['new_games'],
  },
  {
    slug: 'classic-blackjack',
    name: 'Classic Blackjack',
    provider: 'golden-tables',
    group: 4,
    type: 'online',
    engine: 'blackjack',
    theme: 'emerald',
    sections: ['top_casino_games'],
  },
  {
    slug: 'blackjack-royale',
    name: 'Blackjack Royale',
    provider: 'eagle-studio',
    group: 4,
    type: 'online',
    engine: 'blackjack',
    theme: 'sapphire',
    sections: ['popular_casino'],
  },
  {
    slug: 'punto-banco',
    name: 'Punto Banco',
    provider: 'golden-tables',
    group: 5,
    type: 'online',
    engine: 'baccarat',
    theme: 'ruby',
    sections: ['popular_casino'],
  },
  {
    slug: 'jacks-or-better',
    name: 'Jacks or Better',
    provider: 'nordlight',
    group: 6,
    type: 'online',
    engine: 'video-poker',
    theme: 'sapphire',
    sections: ['top_casino_games'],
  },
  {
    slug: 'poker-deluxe',
    name: 'Poker Deluxe',
    provider: 'red-mesa',
    group: 6,
    type: 'online',
    engine: 'video-poker',
    theme: 'violet',
    sections: ['new_games'],
  },
  // Mini and instant games
  {
    slug: 'instant-fortune',
    name: 'Instant Fortune',
    provider: 'eagle-studio',
    group: 7,
    type: 'online',
    engine: 'scratch',
    theme: 'amber',
    sections: ['mini_games'],
  },
  {
    slug: 'lucky-dice',
    name: 'Lucky Dice',
    provider: 'eagle-studio',
    group: 8,
    type: 'online',
    engine: 'dice',
    theme: 'violet',
    sections: ['mini_games', 'popular_casino'],
  },
  {
    slug: 'neon-dice',
    name: 'Neon Dice',
    provider: 'nordlight',
    group: 8,
    type: 'online',
    engine: 'dice',
    theme: 'teal',
    sections: ['mini_games', 'new_games'],
  },
  { slug: 'keno-80', name: 'Keno 80', provider: 'red-mesa', group: 9, type: 'online', engine: 'keno', theme: 'sapphire', sections: ['mini_games'] },
  { slug: 'lucky-keno', name: 'Lucky Keno', provider: 'nordlight', group: 9, type: 'online', engine: 'keno', theme: 'rose', sections: ['mini_games'] },
  {
    slug: 'gold-rush-scratch',
    name: 'Gold Rush Scratch',
    provider: 'red-mesa',
    group: 10,
    type: 'online',
    engine: 'scratch',
    theme: 'graphite',
    sections: ['mini_games', 'jackpot_games'],
  },
  // Live lobby: our studio's tables
  {
    slug: 'blackjack-table',
    name: 'Blackjack Table',
    provider: 'golden-tables',
    group: 20,
    type: 'live',
    engine: 'blackjack',
    theme: 'graphite',
    sections: ['blackjack'],
  },
  {
    slug: 'baccarat-table',
    name: 'Baccarat Table',
    provider: 'golden-tables',
    group: 20,
    type: 'live',
    engine: 'baccarat',
    theme: 'amber',
    sections: ['baccarat'],
  },
  {
    slug: 'roulette-table',
    name: 'Roulette Table',
    provider: 'golden-tables',
    group: 21,
    type: 'live',
    engine: 'roulette',
    theme: 'sapphire',
    sections: ['live_roulette'],
  },
  {
    slug: 'auto-roulette',
    name: 'Auto Roulette',
    provider: 'eagle-studio',
    group: 21,
    type: 'live',
    engine: 'roulette',
    theme: 'teal',
    sections: ['live_roulette'],
  },
  {
    slug: 'casino-holdem',
    name: "Casino Hold'em",
    provider: 'golden-tables',
    group: 22,
    type: 'live',
    engine: 'holdem',
    theme: 'emerald',
    sections: ['poker'],
  },
];

/** The thumbnail path of a catalogue game. */
export function thumbnailOf(slug: string): string {
  return `/games/${slug}.svg`;
}

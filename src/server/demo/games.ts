// The demo catalogue: the providers and games a first start seeds. Every game is played
// by an engine of our own studio (src/server/games/engines); providers are the studio's
// labels. Thumbnails are generated from this list by scripts/game-art.ts into public/games.
import type { EngineId } from '../../shared/engines.ts';
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
  /** Game group id (see GAME_GROUPS in demo/seed.ts). */
  group: number;
  type: GameType;
  engine: EngineId | 'crash' | 'live-roulette' | 'live-baccarat' | 'bingo-90' | 'bingo-75';
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
  { slug: 'aurora-play', name: 'Aurora Play' },
  { slug: 'lotus-gaming', name: 'Lotus Gaming' },
];

const FEATURED: CatalogGame[] = [
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
    config: { variant: 'classic-jackpot', jackpot: 'eagle-mega' },
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
    config: { variant: 'megaways' },
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
    config: { variant: 'freespins' },
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
    config: { variant: 'megaways-jackpot', jackpot: 'red-mesa-major' },
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
    config: { variant: 'freespins' },
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
    config: { variant: 'megaways-jackpot', jackpot: 'eagle-mega' },
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
    // The high-limit table: chips from 1.00, up to 50.00 on one spot.
    config: { limits: { spotMin: 100, spotMax: 5_000 } },
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
    // Table rules are catalogue data; this table's dealer draws to soft 17.
    config: { soft17: 'hit' },
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
    sections: ['mini_games'],
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
    // The low-limit table: up to 10.00 on one spot and 50.00 a spin.
    config: { limits: { spotMax: 1_000, tableMax: 5_000 } },
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
  // Instant games that cash out (hi-lo, mines) and plinko: the largest win is data (maxMultiple, in stakes).
  {
    slug: 'hi-lo-royale',
    name: 'Hi-Lo Royale',
    provider: 'eagle-studio',
    group: 7,
    type: 'online',
    engine: 'hilo',
    theme: 'ruby',
    sections: ['mini_games', 'new_games'],
  },
  {
    slug: 'neon-hi-lo',
    name: 'Neon Hi-Lo',
    provider: 'nordlight',
    group: 7,
    type: 'online',
    engine: 'hilo',
    theme: 'teal',
    config: { maxMultiple: 1_000 },
    sections: ['mini_games'],
  },
  {
    slug: 'eagle-mines',
    name: 'Eagle Mines',
    provider: 'eagle-studio',
    group: 7,
    type: 'online',
    engine: 'mines',
    theme: 'emerald',
    sections: ['mini_games', 'new_games', 'popular_casino'],
  },
  {
    slug: 'crystal-mines',
    name: 'Crystal Mines',
    provider: 'red-mesa',
    group: 7,
    type: 'online',
    engine: 'mines',
    theme: 'violet',
    config: { maxMultiple: 5_000 },
    sections: ['mini_games'],
  },
  {
    slug: 'plinko-drop',
    name: 'Plinko Drop',
    provider: 'nordlight',
    group: 7,
    type: 'online',
    engine: 'plinko',
    theme: 'sapphire',
    sections: ['mini_games', 'new_games'],
  },
  { slug: 'golden-plinko', name: 'Golden Plinko', provider: 'red-mesa', group: 7, type: 'online', engine: 'plinko', theme: 'amber', sections: ['mini_games'] },
  // Dice and card tables against the house.
  {
    slug: 'sic-bo',
    name: 'Sic Bo',
    provider: 'golden-tables',
    group: 8,
    type: 'online',
    engine: 'sicbo',
    theme: 'ruby',
    sections: ['mini_games', 'new_games'],
  },
  {
    slug: 'dragon-sic-bo',
    name: 'Dragon Sic Bo',
    provider: 'red-mesa',
    group: 8,
    type: 'online',
    engine: 'sicbo',
    theme: 'amber',
    // The low-limit table: up to 10.00 on one spot and 50.00 a throw.
    config: { limits: { spotMax: 1_000, tableMax: 5_000 } },
    sections: ['mini_games'],
  },
  {
    slug: 'andar-bahar',
    name: 'Andar Bahar',
    provider: 'golden-tables',
    group: 20,
    type: 'live',
    engine: 'andar-bahar',
    theme: 'amber',
    sections: ['new_games'],
  },
  {
    slug: 'royal-andar-bahar',
    name: 'Royal Andar Bahar',
    provider: 'eagle-studio',
    group: 20,
    type: 'live',
    engine: 'andar-bahar',
    theme: 'rose',
    sections: ['new_games'],
  },
  {
    slug: 'teen-patti',
    name: 'Teen Patti',
    provider: 'golden-tables',
    group: 22,
    type: 'live',
    engine: 'teen-patti',
    theme: 'emerald',
    sections: ['poker', 'new_games'],
  },
  {
    slug: 'teen-patti-gold',
    name: 'Teen Patti Gold',
    provider: 'eagle-studio',
    group: 22,
    type: 'live',
    engine: 'teen-patti',
    theme: 'amber',
    sections: ['poker'],
  },
  // French roulette: la partage gives half of an even-money bet back on zero.
  {
    slug: 'french-roulette',
    name: 'French Roulette',
    provider: 'golden-tables',
    group: 3,
    type: 'online',
    engine: 'roulette',
    theme: 'violet',
    config: { rule: 'la_partage' },
    sections: ['top_casino_games', 'new_games'],
  },
  // American roulette: 0 and 00, 38 pockets; every bet returns 36/38, the five-number bet 35/38.
  {
    slug: 'american-roulette',
    name: 'American Roulette',
    provider: 'golden-tables',
    group: 3,
    type: 'online',
    engine: 'roulette',
    theme: 'ruby',
    config: { wheel: 'american' },
    sections: ['top_casino_games', 'new_games'],
  },
  {
    slug: 'vegas-double-zero',
    name: 'Vegas Double Zero',
    provider: 'red-mesa',
    group: 3,
    type: 'online',
    engine: 'roulette',
    theme: 'amber',
    // The strip's high table: chips from 0.50, up to 50.00 on one spot.
    config: { wheel: 'american', limits: { spotMin: 50, spotMax: 5_000 } },
    sections: ['new_games'],
  },
  // The live tables (src/server/games/live.ts): shared rounds on a timer that everyone at the table watches.
  {
    slug: 'live-roulette',
    name: 'Live Roulette',
    provider: 'golden-tables',
    group: 21,
    type: 'live',
    engine: 'live-roulette',
    theme: 'ruby',
    sections: ['live_roulette', 'new_games'],
  },
  {
    slug: 'live-baccarat',
    name: 'Live Baccarat',
    provider: 'golden-tables',
    group: 20,
    type: 'live',
    engine: 'live-baccarat',
    theme: 'emerald',
    sections: ['baccarat', 'new_games'],
  },
  // Bingo rooms (src/server/games/bingo.ts): scheduled games for everyone, tickets sold before each draw.
  {
    slug: 'bingo-90',
    name: 'Bingo 90',
    provider: 'eagle-studio',
    group: 7,
    type: 'online',
    engine: 'bingo-90',
    theme: 'violet',
    sections: ['mini_games', 'new_games'],
  },
  {
    slug: 'bingo-75',
    name: 'Bingo 75',
    provider: 'eagle-studio',
    group: 7,
    type: 'online',
    engine: 'bingo-75',
    theme: 'rose',
    sections: ['mini_games', 'new_games'],
  },
  // The shared crash schedule (src/server/games/crash.ts): one game, every player in the same rounds.
  {
    slug: 'eagle-crash',
    name: 'Eagle Crash',
    provider: 'eagle-studio',
    group: 7,
    type: 'online',
    engine: 'crash',
    theme: 'graphite',
    sections: ['mini_games', 'new_games', 'popular_casino'],
  },
];

/**
 * A family of catalogue games: one engine and maths model (or table rules and limits),
 * many titles. Each title gets a provider and a theme in turn, so the lobby's filters
 * find every family under every provider.
 */
interface Family {
  engine: CatalogGame['engine'];
  group: number;
  type?: GameType;
  config?: Record<string, unknown>;
  sections: string[];
  names: string[];
}

const FAMILIES: Family[] = [
  {
    engine: 'slot',
    group: 1,
    config: { variant: 'freespins' },
    sections: ['bonus_buy'],
    names: [
      'Scarab Spins',
      'Aztec Sunstone',
      'Frozen Fjord',
      'Candy Cascade',
      'Wolf Moon Rising',
      'Pirate Cove Bounty',
      'Samurai Blossom',
      'Jungle Drums',
      'Cosmic Cats',
      'Golden Koi',
      'Thunder Bison',
      'Mystic Lanterns',
      'Big Bass River',
      'Royal Hounds',
      'Temple of Jade',
      'Desert Mirage',
      'Lucky Leprechaun',
      'Phoenix Flare',
      'Oasis Riches',
      'Crystal Caverns',
    ],
  },
  {
    engine: 'slot',
    group: 1,
    config: { variant: 'megaways' },
    sections: ['megaways'],
    names: [
      'Buffalo Megaways',
      'Olympus Megaways',
      'Gems Galore Megaways',
      'Wild Safari Megaways',
      'Gold Digger Megaways',
      'Kraken Deep Megaways',
      'Ninja Path Megaways',
      'Dragon Megaways',
      'Bonanza Megaways',
      'Fruit Storm Megaways',
      'Diamond Megaways',
      'Mayan Gold Megaways',
      'Cleopatra Megaways',
      'Rhino Rush Megaways',
      'Starfall Megaways',
      'Queen Megaways',
      'Volcano Megaways',
      'Tiki Megaways',
    ],
  },
  {
    engine: 'slot',
    group: 1,
    config: { variant: 'classic-jackpot', jackpot: 'eagle-mega' },
    sections: ['jackpot_games'],
    names: ['Mega Eagle Millions', 'Crown Jewels Jackpot', 'Gold Vault Jackpot', 'Lucky Star Jackpot', 'Emperor Jackpot', 'Liberty Bell Jackpot'],
  },
  {
    engine: 'slot',
    group: 1,
    config: { variant: 'megaways-jackpot', jackpot: 'red-mesa-major' },
    sections: ['jackpot_games', 'megaways'],
    names: ['Mesa Major Megaways', 'Canyon Megaways', 'Sunset Megaways', 'Gold Megaways', 'Outlaw Megaways'],
  },
  {
    engine: 'slot',
    group: 1,
    config: { variant: 'classic' },
    sections: ['popular_casino'],
    names: [
      'Hot Cherry Sevens',
      'Fruit Fiesta',
      'Bar Bar Bell',
      'Triple Diamond Deluxe',
      'Retro Reels',
      'Lucky Horseshoe',
      'Golden Bells',
      'Starlight Fruits',
      'Sizzling Melons',
      'Vegas Nights',
      'Classic Crowns',
      'Jolly Joker Reels',
    ],
  },
  {
    engine: 'slot',
    group: 1,
    config: { variant: 'volatile' },
    sections: ['top_casino_games'],
    names: [
      'Book of Anubis',
      'Raging Rhino Run',
      'Dead Mans Gold',
      'Valkyrie Storm',
      'Medusa Gaze',
      'Gates of Valhalla',
      'Tomb Raiders Loot',
      'Inferno Sevens',
      'Legend of Atlantis',
      'Ghost Ship',
      'Bandit Canyon',
      'Zeus Unchained',
    ],
  },
  {
    engine: 'roulette',
    group: 3,
    sections: ['top_casino_games'],
    names: ['Roulette Classic', 'Monte Carlo Roulette', 'Roulette Nights', 'Mini Stakes Roulette'],
  },
  {
    engine: 'roulette',
    group: 3,
    // The high-roller tables: chips from 2.00, up to 100.00 on one spot.
    config: { limits: { spotMin: 200, spotMax: 10_000 } },
    sections: ['popular_casino'],
    names: ['High Roller Roulette', 'Golden Wheel VIP', 'Diamond Roulette'],
  },
  {
    engine: 'blackjack',
    group: 4,
    config: { soft17: 'hit', surrender: 'none' },
    sections: ['popular_casino'],
    names: ['Vegas Strip Blackjack', 'Atlantic Blackjack', 'Downtown Blackjack'],
  },
  {
    engine: 'blackjack',
    group: 4,
    config: { maxHands: 2, doubleAfterSplit: false },
    sections: ['new_games'],
    names: ['European Blackjack', 'Single Split Blackjack', 'Blackjack Classic Pro'],
  },
  { engine: 'baccarat', group: 5, sections: ['popular_casino'], names: ['Baccarat Gold', 'Mini Baccarat', 'Baccarat Royale', 'Macau Baccarat'] },
  { engine: 'video-poker', group: 6, sections: ['new_games'], names: ['Jacks Deluxe', 'Poker Ace', 'Video Poker Classic', 'Royal Draw Poker'] },
  { engine: 'holdem', group: 6, sections: ['poker'], names: ["Hold'em Heads Up", "Texas Hold'em Bonus"] },
  { engine: 'dice', group: 8, sections: ['mini_games'], names: ['Dice Duel', 'Hi Dice', 'Cyber Dice', 'Pocket Dice', 'Dice Rush'] },
  { engine: 'keno', group: 9, sections: ['mini_games'], names: ['Keno Express', 'Pacific Keno', 'Keno Gold', 'Super Keno', 'Turbo Keno'] },
  {
    engine: 'scratch',
    group: 10,
    sections: ['mini_games'],
    names: ['Diamond Scratch', 'Lucky 7 Scratch', 'Treasure Scratch', 'Golden Ticket', 'Cash Blast Scratch', 'Piggy Bank Scratch'],
  },
  { engine: 'scratch', group: 7, sections: ['mini_games'], names: ['Instant Gems', 'Quick Cash', 'Instant Lotto'] },
  { engine: 'blackjack', group: 20, type: 'live', sections: ['blackjack'], names: ['Blackjack Lounge', 'VIP Blackjack Table', 'Speed Blackjack'] },
  { engine: 'baccarat', group: 20, type: 'live', sections: ['baccarat'], names: ['Baccarat Squeeze Table', 'Speed Baccarat Table'] },
  {
    engine: 'roulette',
    group: 21,
    type: 'live',
    config: { limits: { spotMax: 2_000, tableMax: 10_000 } },
    sections: ['live_roulette'],
    names: ['Lightning Wheel', 'Grand Casino Roulette', 'Speed Roulette'],
  },
  { engine: 'holdem', group: 22, type: 'live', sections: ['poker'], names: ["Hold'em Live Table"] },
];

const THEME_NAMES = Object.keys(THEMES) as ThemeName[];

/** A title as a URL slug: "Dead Mans Gold" → dead-mans-gold. */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Every title of every family as a catalogue game; every fifth is also new, every seventh also popular. */
function familyGames(): CatalogGame[] {
  let n = 0;
  return FAMILIES.flatMap((family) =>
    family.names.map((name) => {
      n++;
      const extra = [...(n % 5 === 0 ? ['new_games'] : []), ...(n % 7 === 0 ? ['popular_casino'] : [])].filter((s) => !family.sections.includes(s));
      return {
        slug: slugOf(name),
        name,
        provider: PROVIDERS[n % PROVIDERS.length]!.slug,
        group: family.group,
        type: family.type ?? 'online',
        engine: family.engine,
        theme: THEME_NAMES[(n * 3) % THEME_NAMES.length]!,
        ...(family.config ? { config: family.config } : {}),
        sections: [...family.sections, ...extra],
      };
    }),
  );
}

/** The whole catalogue: the featured titles first (in lobby order), then the families. */
export const GAMES: CatalogGame[] = [...FEATURED, ...familyGames()];

/** The thumbnail path of a catalogue game. */
export function thumbnailOf(slug: string): string {
  return `/games/${slug}.svg`;
}

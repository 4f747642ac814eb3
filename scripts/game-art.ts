// Draws the lobby thumbnails: one SVG per catalogue game (src/server/demo/games.ts) in
// public/games, from the game's engine and theme, and deletes the SVGs there that no game
// uses. Only shapes, digits and Latin letters (no emoji or symbol glyphs, which depend on
// fonts); the decoration varies with a hash of the slug. Same catalogue, same bytes.
// Usage: node scripts/game-art.ts
import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type CatalogGame, GAMES, THEMES, thumbnailOf } from '../src/server/demo/games.ts';

const W = 320;
const H = 240;
const CX = 160;
const CY = 100;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const RED = '#d7263d';
const INK = '#1b1e27';
const CHIPS = ['#d7263d', '#1f6feb', '#18a058', '#1b1e27', '#7b3fe4'];

type Suit = 'h' | 's';
interface Art {
  game: CatalogGame;
  from: string;
  to: string;
  accent: string;
  /** Seeded random numbers in [0, 1). */
  r: () => number;
}
/** An engine's illustration: its gradients and shapes. */
interface Picture {
  defs: string;
  body: string;
}

/** A number as short as it can be written, to a tenth (or to `places` decimals). */
const f = (v: number, places = 1) => String(Math.round(v * 10 ** places) / 10 ** places).replace(/^(-?)0\./, '$1.');

/** FNV-1a of a string. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(list: readonly T[], r: () => number): T => list[Math.floor(r() * list.length)]!;

/** Fisher-Yates with the seeded generator. */
function shuffle<T>(list: readonly T[], r: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The colour t of the way from a to b (#rgb or #rrggbb). */
function mix(a: string, b: string, t: number): string {
  const c = (h: string, i: number) => (h.length === 4 ? Number.parseInt(h[1 + i]!, 16) * 17 : Number.parseInt(h.slice(1 + i * 2, 3 + i * 2), 16));
  let out = '#';
  for (let i = 0; i < 3; i++)
    out += Math.round(c(a, i) + (c(b, i) - c(a, i)) * t)
      .toString(16)
      .padStart(2, '0');
  return out;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
}

/** A point at angle deg (0 = up, clockwise) and radius rad around (x, y), to `places` decimals. */
function polar(x: number, y: number, rad: number, deg: number, places = 1): string {
  const a = (deg * Math.PI) / 180;
  return `${f(x + rad * Math.sin(a), places)} ${f(y - rad * Math.cos(a), places)}`;
}

/** A five-pointed star of outer radius rad around the origin. */
function star(rad: number): string {
  const pts = Array.from({ length: 10 }, (_, i) => polar(0, 0, i % 2 ? rad * 0.42 : rad, i * 36));
  return `M${pts.join('L')}Z`;
}

// Suits, about 20 wide and 19 high around the origin, and a card 50 wide and 70 high
// around the origin with its corner suit and centre suit (#H, #S): drawn once in <defs>,
// placed by <use>.
const HEART = 'M0 10C-6 5-10 1-10-4A5 5 0 0 1 0-4A5 5 0 0 1 10-4C10 1 6 5 0 10Z';
const SPADE = 'M0-11C-6-6-10-2-10 3A5 5 0 0 0 0 3A5 5 0 0 0 10 3C10-2 6-6 0-11ZM0 2Q1 8 5 11H-5Q-1 8 0 2Z';
const suitPair = (id: string) =>
  `<g id="${id.toUpperCase()}"><use href="#${id}" transform="translate(-15.5 -11.5) scale(.45)"/><use href="#${id}" transform="translate(3 7) scale(1.25)"/></g>`;
const CARD_DEFS =
  '<linearGradient id="cd" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#e3e6ee"/></linearGradient>' +
  `<path id="h" d="${HEART}"/><path id="s" d="${SPADE}"/>${suitPair('h')}${suitPair('s')}` +
  '<rect id="c" x="-25" y="-35" width="50" height="70" rx="5" fill="url(#cd)" stroke="#aab1c0" stroke-width=".8"/>';
/** A chip layer seen from the side, coloured by the fill of its <use>. */
const CHIP_DEFS =
  '<g id="k"><ellipse cy="3" rx="22" ry="8"/><ellipse cy="3" rx="22" ry="8" fill="#000" opacity=".35"/><ellipse rx="22" ry="8" stroke="#fff" stroke-width="2.5" stroke-dasharray="5 6.5" stroke-opacity=".8"/><ellipse rx="13" ry="4.5" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="1.5"/></g>';

/** A playing card of width w centred on (x, y), turned by rot degrees; `mark` outlines it in that colour.
 * Its rank's size (15) and a spade's colour (INK) come from the picture's group. */
function card(x: number, y: number, w: number, rank: string, suit: Suit, rot = 0, mark = ''): string {
  const turn = rot ? ` rotate(${rot})` : '';
  const size = f(w / 50, 2);
  const outline = mark ? `<use href="#o" stroke="${mark}"/>` : '';
  return (
    `<g transform="translate(${f(x)} ${f(y)})${turn}${size === '1' ? '' : ` scale(${size})`}"${suit === 'h' ? ` fill="${RED}"` : ''}>` +
    `<use href="#c"/>${outline}<text x="-20" y="-18">${rank}</text><use href="#${suit.toUpperCase()}"/></g>`
  );
}

/** A stack of n chips seen from the side, its bottom chip at (x, y) (needs CHIP_DEFS). */
function chipStack(x: number, y: number, n: number, colour: string): string {
  let out = '';
  for (let i = 0; i < n; i++) out += `<use href="#k" x="${x}" y="${y - 3 - i * 6}"/>`;
  return `<g fill="${colour}">${out}</g>`;
}

// --- Slot ---------------------------------------------------------------------------------

const SYMBOLS = {
  seven: `<text y="18" font-size="52" font-weight="900" text-anchor="middle" fill="${RED}" stroke="#7a0d1a" stroke-width="1.5">7</text>`,
  cherry:
    '<path d="M-9 4Q-6-9 6-18M10 0Q8-10 6-18" fill="none" stroke="#3a7d2c" stroke-width="3" stroke-linecap="round"/>' +
    '<path d="M6-18Q15-25 22-16Q13-12 6-18Z" fill="#4caf50"/>' +
    `<circle cx="-9" cy="10" r="11" fill="${RED}"/><circle cx="10" cy="7" r="11" fill="#ea4458"/>` +
    '<circle cx="-13" cy="6" r="3" fill="#fff" opacity=".6"/><circle cx="6" cy="3" r="3" fill="#fff" opacity=".6"/>',
  bell:
    '<circle cy="-21" r="4" fill="#a66a00"/><circle cy="18" r="5" fill="#a66a00"/>' +
    '<path d="M-17 12C-17-2-14-19 0-19S17-2 17 12L21 16H-21Z" fill="#f6b700" stroke="#a66a00" stroke-width="2"/>' +
    '<path d="M-9 8C-9-3-7-10-2-13" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="3" stroke-linecap="round"/>',
  bar: `<rect x="-26" y="-12" width="52" height="24" rx="5" fill="${INK}" stroke="#f6b700" stroke-width="2"/><text y="6" font-size="16" text-anchor="middle" fill="#fff">BAR</text>`,
};

function slot({ from, accent, r }: Art): Picture {
  const names = Object.keys(SYMBOLS) as (keyof typeof SYMBOLS)[];
  const reels = shuffle(names, r).slice(0, 3);
  const edge = mix(accent, from, 0.55);
  let body =
    `<rect x="44" y="32" width="232" height="136" rx="18" fill="url(#fr)" stroke="${edge}" stroke-width="2"/>` +
    `<rect x="54" y="44" width="212" height="112" rx="10" fill="${mix(from, '#000', 0.45)}"/>`;
  body += '<path d="M60 38H261" stroke="#fff" stroke-opacity=".9" stroke-width="5" stroke-linecap="round" stroke-dasharray="0 20"/>';
  reels.forEach((name, i) => {
    const x = 94 + i * 66;
    body += `<use href="#rw" x="${x - 30}"/><g transform="translate(${x} 100)">${SYMBOLS[name]}</g>`;
  });
  body += `<path d="M58 100h8M254 100h8" stroke="${RED}" stroke-width="4" stroke-linecap="round"/>`;
  body += `<path d="M277 118h9V64" fill="none" stroke="${edge}" stroke-width="5" stroke-linejoin="round"/><circle cx="286" cy="58" r="8" fill="${RED}"/><circle cx="283" cy="55" r="2.5" fill="#fff" opacity=".7"/>`;
  const defs =
    `<linearGradient id="fr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${mix(accent, from, 0.35)}"/></linearGradient>` +
    '<linearGradient id="rl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b9bfcc"/><stop offset=".3" stop-color="#fff"/><stop offset=".7" stop-color="#fff"/><stop offset="1" stop-color="#b9bfcc"/></linearGradient>' +
    '<rect id="rw" y="50" width="60" height="100" rx="6" fill="url(#rl)"/>';
  return { defs, body };
}

// --- Dice ---------------------------------------------------------------------------------

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function die(x: number, y: number, rot: number, scale: number, value: number): string {
  const pips = (PIPS[value] ?? []).map(([px, py]) => `<circle cx="${px * 17}" cy="${py * 17}" r="${value === 1 ? 9 : 6.5}"/>`).join('');
  return (
    `<ellipse cx="${x + 4}" cy="${f(y + 44 * scale)}" rx="${f(40 * scale)}" ry="${f(8 * scale)}" fill="#000" opacity=".3"/>` +
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale}) skewX(-4)">` +
    '<rect x="-30" y="-26" width="66" height="64" rx="14" fill="#8d94a8"/>' +
    '<rect x="-34" y="-34" width="66" height="66" rx="14" fill="url(#dw)"/>' +
    `<g transform="translate(-1 -1)" fill="${value === 1 ? RED : INK}">${pips}</g></g>`
  );
}

function dice({ r }: Art): Picture {
  const a = 1 + Math.floor(r() * 6);
  const b = 1 + ((a + Math.floor(r() * 5)) % 6);
  const tilt = 8 + Math.floor(r() * 10);
  const body = die(208, 82, tilt, 0.86, b) + die(122, 106, -tilt, 1, a);
  const defs =
    '<linearGradient id="dw" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#dfe3ec"/></linearGradient>';
  return { defs, body };
}

// --- Roulette -----------------------------------------------------------------------------

function roulette({ accent, r }: Art): Picture {
  const step = 360 / 37;
  const turn = Math.floor(r() * 360);
  const wedge = (i: number, rad: number) =>
    `M${CX} ${CY}L${polar(CX, CY, rad, turn + (i - 0.5) * step, 0)}A${rad} ${rad} 0 0 1 ${polar(CX, CY, rad, turn + (i + 0.5) * step, 0)}Z`;
  let black = '';
  for (let i = 2; i < 37; i += 2) black += wedge(i, 76);
  const ball = polar(CX, CY, 65, turn + (1 + 2 * Math.floor(r() * 18)) * step);
  const [bx, by] = ball.split(' ').map(Number) as [number, number];
  const body =
    `<circle cx="${CX}" cy="${CY + 5}" r="88" fill="#000" opacity=".3"/>` +
    `<circle cx="${CX}" cy="${CY}" r="88" fill="url(#rm)" stroke="${accent}" stroke-width="3"/>` +
    `<circle cx="${CX}" cy="${CY}" r="76" fill="#c8102e"/>` +
    `<path d="${black}" fill="#15161c"/><path d="${wedge(0, 76)}" fill="#0f9d58"/>` +
    `<circle cx="${CX}" cy="${CY}" r="76" fill="none" stroke="${accent}" stroke-width="1.5"/>` +
    `<circle cx="${CX}" cy="${CY}" r="54" fill="url(#cn)" stroke="${accent}" stroke-width="2"/>` +
    `<path d="M${CX} ${CY - 30}V${CY + 30}M${CX - 30} ${CY}H${CX + 30}" stroke="${accent}" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="${CX}" cy="${CY}" r="11" fill="${accent}"/><circle cx="${CX - 3}" cy="${CY - 3}" r="4" fill="#fff" opacity=".7"/>` +
    `<path d="M${CX - 70} ${CY - 20}A72 72 0 0 1 ${CX - 20} ${CY - 70}" fill="none" stroke="#fff" stroke-opacity=".22" stroke-width="8" stroke-linecap="round"/>` +
    `<circle cx="${f(bx + 1)}" cy="${f(by + 2)}" r="6" fill="#000" opacity=".35"/><circle cx="${bx}" cy="${by}" r="6" fill="url(#bl)"/>`;
  const defs =
    '<radialGradient id="rm"><stop offset=".8" stop-color="#6b3a1a"/><stop offset="1" stop-color="#2a1409"/></radialGradient>' +
    '<radialGradient id="cn" cx=".4" cy=".35"><stop offset="0" stop-color="#8a5a2b"/><stop offset="1" stop-color="#3b2010"/></radialGradient>' +
    '<radialGradient id="bl" cx=".35" cy=".35"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#b9bfcc"/></radialGradient>';
  return { defs, body };
}

// --- Keno ---------------------------------------------------------------------------------

function keno({ from, accent, r }: Art): Picture {
  const numbers = shuffle(
    Array.from({ length: 80 }, (_, i) => i + 1),
    r,
  )
    .slice(0, 20)
    .sort((a, b) => a - b);
  const hits = new Set(shuffle([...numbers.keys()], r).slice(0, 6 + Math.floor(r() * 3)));
  let plain = '';
  let plainText = '';
  let lit = '';
  let litText = '';
  numbers.forEach((n, i) => {
    const x = 80 + (i % 5) * 40;
    const y = 42 + Math.floor(i / 5) * 38;
    const ball = `<circle cx="${x}" cy="${y}" r="16"/>`;
    const label = `<text x="${x}" y="${y + 5}">${n}</text>`;
    if (hits.has(i)) {
      lit += ball;
      litText += label;
    } else {
      plain += ball;
      plainText += label;
    }
  });
  const body =
    '<rect x="50" y="16" width="220" height="160" rx="16" fill="#000" fill-opacity=".25" stroke="#fff" stroke-opacity=".15"/>' +
    `<g fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".3">${plain}</g>` +
    `<g fill="url(#kb)" stroke="${accent}" stroke-width="5" stroke-opacity=".3">${lit}</g>` +
    `<g font-size="14" text-anchor="middle"><g fill="#fff" fill-opacity=".8">${plainText}</g><g fill="${mix(from, '#000', 0.3)}">${litText}</g></g>`;
  const defs = `<radialGradient id="kb" cx=".35" cy=".3"><stop offset="0" stop-color="#fff"/><stop offset=".35" stop-color="${accent}"/><stop offset="1" stop-color="${mix(accent, from, 0.3)}"/></radialGradient>`;
  return { defs, body };
}

// --- Scratch card -------------------------------------------------------------------------

function scratch({ from, accent, r }: Art): Picture {
  const ink = mix(from, '#000', 0.2);
  const spot = (x: number, rot: number, foil: boolean) =>
    `<g transform="translate(${x} 122) rotate(${rot})"><use href="#cn"/>${foil ? '<circle r="26" fill="url(#sv)" mask="url(#ms)"/>' : ''}</g>`;
  const turns = [Math.floor(r() * 360), Math.floor(r() * 360)];
  const open = Math.floor(r() * 3);
  const body =
    '<g transform="rotate(-4 160 100)">' +
    '<rect x="48" y="30" width="224" height="148" rx="12" fill="url(#tk)"/>' +
    `<rect x="56" y="38" width="208" height="132" rx="8" fill="none" stroke="${ink}" stroke-opacity=".45" stroke-width="1.5" stroke-dasharray="5 4"/>` +
    `<text x="160" y="72" font-size="22" text-anchor="middle" fill="${ink}" letter-spacing="2">WIN x100</text>` +
    [100, 160, 220].map((x, i) => spot(x, i === open ? 0 : (turns[i % 2] ?? 0), i !== open)).join('') +
    '<path d="M150 30h34L110 178H76ZM196 30h12L134 178h-12Z" fill="#fff" opacity=".22" clip-path="url(#tc)"/></g>';
  const defs =
    `<g id="cn"><circle r="26" fill="url(#gd)"/><circle r="20" fill="none" stroke="#b07800" stroke-width="2"/><path d="${star(12)}" fill="#c98f00"/></g>` +
    `<linearGradient id="tk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(accent, '#fff', 0.45)}"/><stop offset="1" stop-color="${mix(accent, from, 0.12)}"/></linearGradient>` +
    '<radialGradient id="gd" cx=".35" cy=".35"><stop offset="0" stop-color="#fff3b0"/><stop offset=".5" stop-color="#f6c400"/><stop offset="1" stop-color="#c48a00"/></radialGradient>' +
    '<linearGradient id="sv" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef1f6"/><stop offset=".5" stop-color="#aab2c0"/><stop offset="1" stop-color="#d5dae3"/></linearGradient>' +
    '<mask id="ms"><circle r="27" fill="#fff"/><path d="M-17-15L10-19L-21-2L19-9L-15 14L17 9" fill="none" stroke="#000" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/></mask>' +
    '<clipPath id="tc"><rect x="48" y="30" width="224" height="148" rx="12"/></clipPath>';
  return { defs, body };
}

// --- Card tables --------------------------------------------------------------------------

function blackjack({ from, accent, r }: Art): Picture {
  const flip = r() < 0.5;
  const chips = flip ? 54 : 266;
  const badge = flip ? 278 : 42;
  const body =
    chipStack(chips, 166, 4, pick(CHIPS, r)) +
    card(124, 104, 84, 'A', 's', -13) +
    card(194, 98, 84, 'K', 'h', 11) +
    `<circle cx="${badge}" cy="42" r="20" fill="${accent}" stroke="#fff" stroke-width="2"/><text x="${badge}" y="49" font-size="20" text-anchor="middle" fill="${mix(from, '#000', 0.3)}">21</text>`;
  return { defs: CARD_DEFS + CHIP_DEFS, body };
}

function baccarat({ r }: Art): Picture {
  const hands = shuffle(
    [
      ['9', 'K'],
      ['8', 'Q'],
      ['7', 'J'],
      ['6', '3'],
      ['4', '5'],
    ],
    r,
  );
  const [p, b] = [hands[0]!, hands[1]!];
  const body =
    card(86, 92, 58, p[0]!, 'h', -9) +
    card(110, 90, 58, p[1]!, 's', 6) +
    card(210, 90, 58, b[0]!, 's', -6) +
    card(234, 92, 58, b[1]!, 'h', 9) +
    '<g font-size="11" text-anchor="middle" fill="#fff" fill-opacity=".85" letter-spacing="2"><text x="98" y="160">PLAYER</text><text x="222" y="160">BANKER</text></g>' +
    chipStack(160, 170, 5, pick(CHIPS, r));
  return { defs: CARD_DEFS + CHIP_DEFS, body };
}

function videoPoker({ from, accent, r }: Art): Picture {
  const pair = pick(['J', 'Q', 'K', 'A'], r);
  const others = shuffle(['2', '3', '4', '5', '6', '7', '8', '9', '10'], r);
  const held = shuffle([0, 1, 2, 3, 4], r).slice(0, 2);
  const dark = mix(from, '#000', 0.3);
  let body = `<rect x="12" y="22" width="296" height="152" rx="14" fill="#000" fill-opacity=".3" stroke="${accent}" stroke-opacity=".5" stroke-width="2"/>`;
  let k = 0;
  let tags = '';
  for (let i = 0; i < 5; i++) {
    const x = 40 + i * 60;
    const hold = held.includes(i);
    const rank = hold ? pair : others[k++]!;
    const suit: Suit = (hold ? held.indexOf(i) : i) % 2 ? 'h' : 's';
    body += card(x, 88, 50, rank, suit, 0, hold ? accent : '');
    if (hold) tags += `<rect x="${x - 23}" y="138" width="46" height="18" rx="5"/><text x="${x}" y="152" fill="${dark}">HELD</text>`;
  }
  body += `<g fill="${accent}" font-size="12" text-anchor="middle">${tags}</g>`;
  const outline = '<rect id="o" x="-25" y="-35" width="50" height="70" rx="5" fill="none" stroke-width="2.5"/>';
  return { defs: CARD_DEFS + outline, body };
}

function holdem({ r }: Art): Picture {
  const hole = pick(
    [
      ['A', 'A'],
      ['A', 'K'],
      ['K', 'K'],
      ['Q', 'Q'],
    ],
    r,
  );
  const board = shuffle(
    ['A', 'K', 'Q', 'J', '10', '9', '7'].filter((rank) => !hole.includes(rank)),
    r,
  ).slice(0, 3);
  const body =
    board.map((rank, i) => card(108 + i * 52, 60, 44, rank!, i % 2 ? 'h' : 's')).join('') +
    chipStack(62, 170, 3, pick(CHIPS, r)) +
    chipStack(258, 168, 5, pick(CHIPS, r)) +
    card(142, 136, 56, hole[0]!, 's', -10) +
    card(178, 134, 56, hole[1]!, 'h', 10);
  return { defs: CARD_DEFS + CHIP_DEFS, body };
}

// --- Crash --------------------------------------------------------------------------------

function crash({ accent, r }: Art): Picture {
  const rise = 40 + Math.floor(r() * 30);
  // The multiplier's curve, rising ever faster, with a small plane at its tip.
  const curve = `M40 180Q${170 + rise} 172 260 ${50 + Math.floor(r() * 20)}`;
  const body =
    `<path d="M40 30V180H290" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>` +
    `<path d="${curve}" fill="none" stroke="${accent}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="${curve}L260 180Z" fill="${accent}" opacity=".18"/>` +
    `<g transform="translate(262 58) rotate(-35)"><path d="M-22 0L18 -5L26 0L18 5Z" fill="#fff"/><path d="M-2 -2L-12 -20L-4 -20L8 -2ZM-2 2L-12 20L-4 20L8 2Z" fill="${RED}"/></g>`;
  return { defs: '', body };
}

// --- Instant games and house tables -------------------------------------------------------

function hilo({ accent, r }: Art): Picture {
  const ranks = ['3', '5', '7', '9', 'J', 'Q'];
  const shown = pick(ranks, r);
  const arrow = (x: number, up: boolean) =>
    `<g transform="translate(${x} 100)${up ? '' : ' rotate(180)'}"><circle r="24" fill="#000" fill-opacity=".3" stroke="${accent}" stroke-width="3"/><path d="M0-13L12 3H4V13H-4V3H-12Z" fill="${accent}"/></g>`;
  const body = card(160, 96, 80, shown, r() < 0.5 ? 'h' : 's') + arrow(72, true) + arrow(248, false);
  return { defs: CARD_DEFS, body };
}

function mines({ accent, r }: Art): Picture {
  // The game's 5 × 5 board: a few gems found, one mine.
  const gems = new Set(shuffle([...Array(25).keys()], r).slice(0, 7));
  const mine = shuffle(
    [...Array(25).keys()].filter((i) => !gems.has(i)),
    r,
  )[0]!;
  let body = '';
  for (let i = 0; i < 25; i++) {
    const x = 91 + (i % 5) * 28;
    const y = 28 + Math.floor(i / 5) * 28;
    body += `<rect x="${x}" y="${y}" width="26" height="26" rx="5" fill="${gems.has(i) ? accent : '#fff'}" fill-opacity="${gems.has(i) ? 1 : 0.18}"/>`;
    if (gems.has(i)) body += `<path d="M${x + 13} ${y + 5}L${x + 21} ${y + 12}L${x + 13} ${y + 21}L${x + 5} ${y + 12}Z" fill="#fff" fill-opacity=".7"/>`;
    if (i === mine)
      body += `<circle cx="${x + 13}" cy="${y + 13}" r="7" fill="${INK}"/><path d="M${x + 13} ${y + 3}V${y + 23}M${x + 3} ${y + 13}H${x + 23}" stroke="${INK}" stroke-width="2.5"/>`;
  }
  return { defs: '', body };
}

function plinko({ accent, r }: Art): Picture {
  let body = '';
  const rows = 7;
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < i + 3; j++) body += `<circle cx="${f(160 + (j - (i + 2) / 2) * 24)}" cy="${24 + i * 20}" r="3.5" fill="#fff" fill-opacity=".85"/>`;
  const pockets = [9, 3, 1.5, 0.5, 0.3, 0.5, 1.5, 3, 9];
  pockets.forEach((m, i) => {
    const x = 160 + (i - 4) * 24;
    body += `<rect x="${x - 11}" y="162" width="22" height="18" rx="4" fill="${m >= 1 ? accent : '#fff'}" fill-opacity="${m >= 1 ? 0.95 : 0.3}"/>`;
  });
  const lane = Math.floor(r() * 5) - 2;
  body += `<circle cx="${160 + lane * 12}" cy="${70 + Math.floor(r() * 50)}" r="8" fill="${accent}" stroke="#fff" stroke-width="2"/>`;
  return { defs: '', body };
}

function sicbo({ r }: Art): Picture {
  const values = [1 + Math.floor(r() * 6), 1 + Math.floor(r() * 6), 1 + Math.floor(r() * 6)];
  const body = die(104, 112, -12, 0.8, values[0]!) + die(216, 112, 10, 0.8, values[1]!) + die(160, 70, 4, 0.86, values[2]!);
  const defs =
    '<linearGradient id="dw" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#dfe3ec"/></linearGradient>';
  return { defs, body };
}

function andarBahar({ accent, r }: Art): Picture {
  const joker = pick(['7', '9', 'Q', 'K', 'A'], r);
  const body =
    card(160, 58, 60, joker, 'h') +
    card(92, 138, 50, pick(['2', '4', '8'], r), 's', -8) +
    card(112, 140, 50, joker, 's', 4, accent) +
    card(208, 140, 50, pick(['3', '5', '10'], r), 'h', -4) +
    card(228, 138, 50, pick(['6', 'J'], r), 's', 8) +
    '<g font-size="11" text-anchor="middle" fill="#fff" fill-opacity=".85" letter-spacing="2"><text x="102" y="186">ANDAR</text><text x="218" y="186">BAHAR</text></g>';
  const outline = '<rect id="o" x="-25" y="-35" width="50" height="70" rx="5" fill="none" stroke-width="2.5"/>';
  return { defs: CARD_DEFS + outline, body };
}

function teenPatti({ r }: Art): Picture {
  const trio = pick(
    [
      ['A', 'K', 'Q'],
      ['K', 'Q', 'J'],
      ['A', '2', '3'],
    ],
    r,
  );
  const body =
    chipStack(56, 168, 4, pick(CHIPS, r)) +
    card(118, 108, 66, trio[0]!, 'h', -14) +
    card(160, 100, 66, trio[1]!, 's', 0) +
    card(202, 108, 66, trio[2]!, 'h', 14) +
    chipStack(264, 168, 3, pick(CHIPS, r));
  return { defs: CARD_DEFS + CHIP_DEFS, body };
}

const ENGINES: Record<CatalogGame['engine'], (art: Art) => Picture> = {
  crash,
  slot,
  dice,
  roulette,
  keno,
  scratch,
  blackjack,
  baccarat,
  'video-poker': videoPoker,
  holdem,
  hilo,
  mines,
  plinko,
  sicbo,
  'andar-bahar': andarBahar,
  'teen-patti': teenPatti,
  // The live tables draw as the games they deal.
  'live-roulette': roulette,
  'live-baccarat': baccarat,
  // Bingo draws numbered balls, as keno does.
  'bingo-90': keno,
  'bingo-75': keno,
};

// --- Frame --------------------------------------------------------------------------------

/** The background decoration: a slow ray burst, soft circles and a few sparkles. */
function decoration({ accent, r }: Art): string {
  const rays = 10 + Math.floor(r() * 8);
  const turn = r() * 360;
  // A circle stroked as wide as twice its radius: each dash is a wedge from the centre.
  const around = 2 * Math.PI * 120;
  const dash = (around / rays) * (0.25 + r() * 0.2);
  const burst = `<circle cx="${CX}" cy="${CY}" r="120" fill="none" stroke="#fff" stroke-width="240" stroke-dasharray="${f(dash)} ${f(around / rays - dash)}" transform="rotate(${Math.round(turn)} ${CX} ${CY})" opacity=".05"/>`;
  const bubbles = ['', ''];
  for (let i = 0; i < 6; i++) {
    const x = Math.round(r() * W);
    const y = Math.round(r() * 200);
    const rad = Math.round(8 + r() * 34);
    bubbles[i % 2] += `<circle cx="${x}" cy="${y}" r="${rad}" opacity="${f(0.05 + r() * 0.08, 2)}"/>`;
  }
  let out = `${burst}<g fill="#fff">${bubbles[0]}</g><g fill="${accent}">${bubbles[1]}</g>`;
  for (let i = 0; i < 3; i++) {
    const x = i === 1 ? Math.round(r() * W) : i === 0 ? Math.round(12 + r() * 36) : Math.round(W - 12 - r() * 36);
    const y = Math.round(16 + r() * (i === 1 ? 20 : 150));
    const size = f(0.5 + r() * 0.6);
    out += `<use href="#sp" transform="translate(${x} ${y})${size === '1' ? '' : ` scale(${size})`}"/>`;
  }
  return out;
}

/** The game's name on a dark band, its size fitted to 300 px. */
function title(name: string): string {
  const size = Math.min(26, Math.floor(292 / (name.length * 0.6)));
  const y = f(214 + size * 0.36);
  const text = escapeXml(name);
  return (
    '<rect y="188" width="320" height="52" fill="url(#bd)"/>' +
    '<rect y="188" width="320" height="1.5" fill="#fff" opacity=".18"/>' +
    `<text x="160" y="${y}" font-size="${size}" text-anchor="middle" fill="#fff" filter="url(#tx)">${text}</text>`
  );
}

/** A corner ribbon naming a slot's feature (bonus buy, megaways, jackpot), so the lobby shows the mechanics a title has. */
function ribbon(game: CatalogGame, accent: string): string {
  const variant = String(game.config?.variant ?? '');
  const words = [
    ...(variant === 'freespins' ? ['BONUS BUY'] : []),
    ...(variant.startsWith('megaways') ? ['MEGAWAYS'] : []),
    ...(variant.endsWith('-jackpot') ? ['JACKPOT'] : []),
  ];
  return words
    .map(
      (word, i) =>
        `<g transform="translate(${W - 8} ${14 + i * 24})"><rect x="${-word.length * 8 - 12}" y="0" width="${word.length * 8 + 12}" height="20" rx="10" fill="${INK}" opacity=".82"/>` +
        `<text x="${-word.length * 4 - 6}" y="14.5" font-size="12" text-anchor="middle" fill="${accent}">${word}</text></g>`,
    )
    .join('');
}

/** The whole thumbnail of a game. */
export function gameArt(game: CatalogGame): string {
  const [from, to, accent] = THEMES[game.theme];
  const art: Art = { game, from, to, accent, r: random(hash(game.slug)) };
  const slant = pick(
    [
      ['0', '0', '1', '1'],
      ['1', '0', '0', '1'],
      ['0', '0', '0', '1'],
      ['.2', '0', '.8', '1'],
    ],
    art.r,
  );
  const decor = decoration(art);
  const picture = ENGINES[game.engine](art);
  const defs =
    `<linearGradient id="bg" x1="${slant[0]}" y1="${slant[1]}" x2="${slant[2]}" y2="${slant[3]}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="gl" cx=".5" cy=".42" r=".5"><stop offset="0" stop-color="${accent}" stop-opacity=".4"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    '<radialGradient id="vg" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-opacity="0"/><stop offset="1" stop-opacity=".45"/></radialGradient>' +
    '<linearGradient id="bd" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-opacity=".35"/><stop offset="1" stop-opacity=".65"/></linearGradient>' +
    '<filter id="sh"><feDropShadow dx="0" dy="4" stdDeviation="4" flood-opacity=".4"/></filter>' +
    '<filter id="tx"><feDropShadow dx="0" dy="2" stdDeviation="1.5" flood-opacity=".6"/></filter>' +
    `<path id="sp" d="M0-12C1-4 4-1 12 0C4 1 1 4 0 12C-1 4-4 1-12 0C-4-1-1-4 0-12Z" fill="${accent}"/>` +
    picture.defs;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${FONT}" font-weight="800">` +
    `<defs>${defs}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>${decor}` +
    `<rect width="${W}" height="${H}" fill="url(#gl)"/><rect width="${W}" height="${H}" fill="url(#vg)"/>` +
    `<g filter="url(#sh)" font-size="15" fill="${INK}">${picture.body}</g>${ribbon(game, accent)}${title(game.name)}</svg>\n`
  );
}

function main(): void {
  const dir = join(import.meta.dirname, '../public/games');
  mkdirSync(dir, { recursive: true });
  const wanted = new Set<string>();
  let changed = 0;
  for (const game of GAMES) {
    const file = basename(thumbnailOf(game.slug));
    wanted.add(file);
    const path = join(dir, file);
    const svg = gameArt(game);
    let old = '';
    try {
      old = readFileSync(path, 'utf8');
    } catch {}
    if (old !== svg) {
      writeFileSync(path, svg);
      changed++;
    }
  }
  let removed = 0;
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.svg') && !wanted.has(file)) {
      unlinkSync(join(dir, file));
      removed++;
    }
  }
  console.log(`game-art: ${wanted.size} thumbnails in public/games, ${changed} written, ${removed} removed`);
}

if (import.meta.main) main();

// A round's outcome drawn as the table showed it (reels, cards, numbers, dice), for the
// game's "Provably fair" panel: the same lines as the /fairness page draws (src/shared/fairness-show.ts).
import { type FairWords, fairWords } from '../lib/fairness-text.ts';
import type { Message } from '../lib/plural.ts';
import type { Locale } from '../shared/locales.ts';
import { BELL_PATH, cardFace, DIE_FACES, type ShownItem, type ShownLine, SYMBOL_FACES } from '../shared/fairness-show.ts';
import type { SlotSymbol } from '../shared/game-tables.ts';
import { el } from './dom.ts';

/** An element with attributes (a role, a label, data-*) and children. */
function tag(name: 'span' | 'div', className: string, attributes: Record<string, string>, ...children: (Node | string)[]): HTMLElement {
  const node = el(name, { className }, ...children);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

/** A reel's symbol: its letter or sign, the bell drawn. */
function symbolNode(symbol: SlotSymbol): HTMLElement {
  if (symbol !== 'bell') return tag('span', 'fair-sym', { 'data-symbol': symbol }, SYMBOL_FACES[symbol]);
  const svg = document.createElementNS(SVG, 'svg');
  for (const [key, value] of Object.entries({ viewBox: '0 0 24 24', width: '1em', height: '1em', 'aria-hidden': 'true' })) svg.setAttribute(key, value);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', BELL_PATH);
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return tag('span', 'fair-sym', { 'data-symbol': symbol }, svg);
}

function itemNode(item: ShownItem, words: FairWords): HTMLElement {
  switch (item.kind) {
    case 'reels':
      return tag(
        'span',
        'fair-reels',
        { role: 'img', 'aria-label': words.reels(item.reels) },
        ...item.reels.map((reel) => tag('span', 'fair-reel', {}, ...reel.map(symbolNode))),
      );
    case 'cards':
      return tag(
        'span',
        'fair-cards',
        {},
        ...item.cards.map((card) => {
          const face = cardFace(card);
          return tag('span', 'fair-card', { title: words.card(card), ...(face.red ? { 'data-red': '' } : {}) }, `${face.rank}${face.suit}`);
        }),
      );
    case 'pockets':
      return tag(
        'span',
        'fair-cards',
        {},
        ...item.pockets.map((p) => tag('span', 'fair-pocket', { 'data-color': p.color }, `${p.label} ${words.color(p.color)}`)),
      );
    case 'numbers':
      return tag('span', 'fair-numbers', {}, ...item.numbers.map((n) => tag('span', '', {}, String(n))));
    case 'dice':
      return tag('span', 'fair-dice', {}, ...item.dice.map((d) => tag('span', '', {}, `${DIE_FACES[d - 1]} ${d}`)));
    case 'path':
      return tag('span', 'fair-path', { role: 'img', 'aria-label': words.bounces(item.path) }, item.path.map((b) => (b ? '→' : '←')).join(''));
    case 'board':
      return tag(
        'span',
        'fair-board',
        { role: 'img', 'aria-label': words.mines(item.mines) },
        ...item.mines.map((mine) => tag('span', '', { 'data-mine': String(mine) }, mine ? '✹' : '')),
      );
  }
}

/** The lines of an outcome, each its label and what the table showed. */
export function shownNode(lines: readonly ShownLine[], words: FairWords): HTMLElement {
  return tag(
    'div',
    'fair-shown',
    {},
    ...lines.map((line) =>
      tag('div', 'fair-line', {}, tag('span', 'fair-line-label', {}, words.line(line)), ...(line.item ? [itemNode(line.item, words)] : [])),
    ),
  );
}

/** The `fairness` words a studio page ships beside its own texts (#fair-words, src/components/StudioShell.astro). */
export function pageFairWords(locale: Locale): FairWords {
  const catalog = JSON.parse(document.getElementById('fair-words')?.textContent ?? '{}') as Record<string, Message>;
  return fairWords((key) => catalog[key], locale);
}

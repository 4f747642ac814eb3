// Playing cards for the card games' screens: a card drawn with HTML and inline SVG (the
// suits are paths of our own, never font glyphs), its spoken name, and a hand that deals,
// reveals and replaces its cards with a short animation (none when the player asked for
// less motion). Cards come from the engines as 'AS', 'TD', '9H'; null is a face-down card.
import { sleep } from '../dom.ts';
import type { Studio } from '../studio.ts';
import './cards.css';

export type Card = string | null;
type Translate = Studio['t'];

// The suits on a 100 × 100 grid, filled with the card's colour.
const SUIT_SHAPES: Record<string, string> = {
  S: '<path d="M50 3C62 22 95 38 95 61c0 14-10 22-22 22-8 0-15-4-19-10 1 10 6 17 14 23H32c8-6 13-13 14-23-4 6-11 10-19 10C15 83 5 75 5 61 5 38 38 22 50 3Z"/>',
  H: '<path d="M50 92C20 66 4 50 4 30 4 15 15 5 28 5c10 0 18 6 22 15 4-9 12-15 22-15 13 0 24 10 24 25 0 20-16 36-46 62Z"/>',
  D: '<path d="M50 2 86 50 50 98 14 50Z"/>',
  C: '<circle cx="50" cy="27" r="21"/><circle cx="27" cy="59" r="21"/><circle cx="73" cy="59" r="21"/><circle cx="50" cy="52" r="11"/><path d="M45 52h10c0 22 4 35 15 44H30c11-9 15-22 15-44Z"/>',
};
const RANKS = '23456789TJQKA';
const CARD = /^[2-9TJQKA][SHDC]$/;

/** How long a card takes to turn over, and to slide from the shoe to its place (ms). */
const FLIP_MS = 240;
const MOVE_MS = 230;

function suitSvg(suit: string, className: string): string {
  return `<svg class="${className}" viewBox="0 0 100 100" aria-hidden="true" focusable="false" fill="currentColor">${SUIT_SHAPES[suit] ?? ''}</svg>`;
}

/** "Ace of spades", or "Face-down card" for a hidden one. */
export function cardName(t: Translate, card: Card): string {
  if (!card || !CARD.test(card)) return t('card_face_down');
  return t('card_name', t(`card_rank_${card[0]}`), t(`card_suit_${card[1]}`));
}

/** Several cards read as one phrase in the page's language: "Ace of spades, Seven of hearts and a face-down card". */
export function cardsText(t: Translate, cards: readonly Card[]): string {
  const names = cards.map((c) => cardName(t, c));
  return new Intl.ListFormat(document.documentElement.lang || 'en', { type: 'conjunction' }).format(names);
}

/** Sets the visible text of a total with a different spoken one ("7/17" read as "7 or 17"). */
export function setSpoken(el: HTMLElement, visible: string, spoken = visible): void {
  if (visible === spoken) {
    el.textContent = visible;
    return;
  }
  const shown = document.createElement('span');
  shown.setAttribute('aria-hidden', 'true');
  shown.textContent = visible;
  const read = document.createElement('span');
  read.className = 'visually-hidden';
  read.textContent = spoken;
  el.replaceChildren(shown, read);
}

// The card's markup is all constant; the only text (the rank) goes in through textContent.
// Spans only, so that a card may sit inside a button.
function newCard(): HTMLElement {
  const el = document.createElement('span');
  el.className = 'card is-down';
  el.setAttribute('role', 'img');
  el.innerHTML = '<span class="card-inner"><span class="card-face card-front"></span><span class="card-face card-back"></span></span>';
  return el;
}

function paintFront(el: HTMLElement, t: Translate, card: Card): void {
  const front = el.querySelector('.card-front') as HTMLElement;
  el.setAttribute('aria-label', cardName(t, card));
  if (!card || !CARD.test(card)) {
    front.replaceChildren();
    delete el.dataset.card;
    delete el.dataset.red;
    return;
  }
  const rank = card[0]!;
  const suit = card[1]!;
  el.dataset.card = card;
  if (suit === 'H' || suit === 'D') el.dataset.red = '';
  else delete el.dataset.red;
  const index = `<span class="card-index"><span class="card-rank"></span>${suitSvg(suit, 'card-pip')}</span>`;
  const court = 'JQK'.includes(rank);
  const middle = court
    ? `<span class="card-court"><span class="card-court-rank"></span>${suitSvg(suit, 'card-court-suit')}</span>`
    : `<span class="card-centre${rank === 'A' ? ' card-ace' : ''}">${suitSvg(suit, 'card-big')}</span>`;
  front.innerHTML = `${index}${middle}${index.replace('card-index', 'card-index card-index-end')}`;
  const label = rank === 'T' ? '10' : rank;
  for (const r of front.querySelectorAll('.card-rank, .card-court-rank')) r.textContent = label;
  front.dataset.rank = String(RANKS.indexOf(rank) + 2);
}

/** A row of cards that animates what changes each time it is shown new cards. */
export interface Hand {
  /** The cards on the table now. */
  readonly cards: readonly Card[];
  /**
   * Shows `cards`: new ones are dealt, changed ones turn over (a face-down card is
   * revealed, another card is replaced), missing ones leave. Changes start `stagger` ms
   * apart; resolves once every card has settled.
   */
  show(cards: readonly Card[], stagger?: number): Promise<void>;
  /** Takes every card off the table at once. */
  clear(): void;
}

/** A hand drawn in `container` (any element; it gets the class `card-hand`). */
export function createHand(container: HTMLElement, t: Translate, calm: boolean): Hand {
  container.classList.add('card-hand');
  if (calm) container.classList.add('cards-calm');
  const shown: Card[] = [];
  const els: HTMLElement[] = [];

  const turnFace = (el: HTMLElement, down: boolean) => el.classList.toggle('is-down', down);

  const deal = async (el: HTMLElement, card: Card) => {
    paintFront(el, t, card);
    if (calm) {
      turnFace(el, card === null);
      return;
    }
    // In from above, so a card on its way never widens the page.
    await el
      .animate(
        [
          { transform: 'translate(-18%, -55%) rotate(-8deg)', opacity: 0 },
          { transform: 'none', opacity: 1 },
        ],
        {
          duration: MOVE_MS,
          easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)',
        },
      )
      .finished.catch(() => undefined);
    if (card !== null) {
      turnFace(el, false);
      await sleep(FLIP_MS);
    }
  };

  const turn = async (el: HTMLElement, from: Card, to: Card) => {
    if (calm) {
      paintFront(el, t, to);
      turnFace(el, to === null);
      return;
    }
    if (from !== null) {
      turnFace(el, true);
      await sleep(FLIP_MS);
    }
    paintFront(el, t, to);
    if (to !== null) {
      turnFace(el, false);
      await sleep(FLIP_MS);
    }
  };

  return {
    get cards() {
      return shown;
    },
    async show(cards, stagger = 110) {
      while (els.length > cards.length) els.pop()?.remove();
      shown.length = Math.min(shown.length, cards.length);
      container.style.setProperty('--n', String(cards.length));
      const moves: Promise<void>[] = [];
      for (let i = 0; i < cards.length; i++) {
        const card = cards[i] ?? null;
        const el = els[i];
        if (el && shown[i] === card) continue;
        if (el) moves.push(turn(el, shown[i] ?? null, card));
        else {
          const added = newCard();
          container.append(added);
          els.push(added);
          moves.push(deal(added, card));
        }
        shown[i] = card;
        if (!calm && stagger > 0 && i < cards.length - 1) await sleep(stagger);
      }
      await Promise.all(moves);
    },
    clear() {
      for (const el of els) el.remove();
      els.length = 0;
      shown.length = 0;
      container.style.setProperty('--n', '0');
    },
  };
}

/**
 * Keeps a card table inside the game's frame: whenever the game's panel or its page would
 * scroll (the hands of a split, a long outcome, a short window), the table's cards shrink
 * (`--fit`, in steps down to 30 % of their size) until everything is in view. Within a round
 * they only shrink (so nothing moves back and forth under the player's finger); `refit`
 * (a new deal) and a resized window start again from full size. With the rules open the
 * page may scroll, as for any text.
 */
export function fitToPanel(table: HTMLElement): { refit(): void } {
  const panel = table.closest<HTMLElement>('.studio-game');
  const page = document.documentElement;
  const overflows = () => !!panel && (panel.scrollHeight > panel.clientHeight + 1 || page.scrollHeight > innerHeight + 1);
  let scale = 1;
  const shrink = () => {
    if (table.querySelector('details[open]')) return;
    while (overflows() && scale > 0.3) {
      scale = Math.round((scale - 0.05) * 100) / 100;
      table.style.setProperty('--fit', String(scale));
    }
  };
  const refit = () => {
    scale = 1;
    table.style.setProperty('--fit', '1');
    shrink();
  };
  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      shrink();
    });
  };
  // The table's cards and texts, and the shared frame's (a second row of moves, a message).
  new MutationObserver(later).observe(table.closest('.studio-app') ?? table, { childList: true, subtree: true, characterData: true });
  addEventListener('resize', refit);
  table.addEventListener('toggle', refit, true);
  void document.fonts?.ready.then(refit);
  refit();
  return { refit };
}

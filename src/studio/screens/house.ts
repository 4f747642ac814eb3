// What the screens of the instant games and the house tables share (hi-lo, mines,
// plinko, sic bo, andar bahar, teen patti): the rules under a Rules disclosure, with the
// game's return stated, and multipliers written the page's way.
import type { Studio } from '../studio.ts';
import './cards.css';
import './house.css';

/** Fills a `<details class="card-rules">` with the Rules summary and one line per rule. */
export function showRules(details: HTMLDetailsElement, studio: Studio, lines: string[]): void {
  const summary = document.createElement('summary');
  summary.textContent = studio.t('rules');
  const list = document.createElement('ul');
  list.className = 'card-rules-list';
  list.replaceChildren(
    ...lines.map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }),
  );
  details.replaceChildren(summary, list);
}

const formats = new Map<string, Intl.NumberFormat>();

/** A multiplier from basis points of the stake: 12_870 → "1.29×" (two decimals, the page's digits). */
export function times(basisPoints: number): string {
  const lang = document.documentElement.lang || 'en';
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(lang, format);
  }
  return `${format.format(Math.floor(basisPoints / 100) / 100)}×`;
}

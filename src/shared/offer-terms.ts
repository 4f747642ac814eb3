// An offer's figures in one currency, and the texts that name them. Promotion texts,
// slides and landings never carry an amount typed into their prose: they name it with a
// token (`{max_bonus}` in a promotion's own text, `{WELCOME100.min_deposit}` anywhere),
// and each page fills it from the promotion's data in the page's currency, so that what
// a page promises is what the cashier and the wallet do in that currency.

/** A promotion's money terms in one currency, in cents of it. */
export interface OfferAmounts {
  /** The fixed bonus or free bet; unused by a percentage bonus. */
  bonusValue: number;
  maxBonus: number | null;
  minDeposit: number;
  maxCashout: number | null;
}

/** What a page needs of a promotion to state its figures. */
export interface OfferTerms {
  code: string;
  bonusKind: 'fixed' | 'percent' | 'none' | 'free_bet';
  /** Whole percent of the deposit, for a percentage bonus. */
  percent: number;
  wageringMultiplier: number;
  /** The amounts per currency (ISO 4217): its own currency's and every `promotion_amounts` row. */
  amounts: Record<string, OfferAmounts>;
}

/**
 * The figures a text may name, each derived from the promotion's data alone:
 * - `bonus`: the fixed bonus or free bet; `max_bonus`, `min_deposit`, `max_cashout` as set;
 * - `full_deposit`: the deposit that earns the whole `max_bonus`, `full_balance` that deposit plus it;
 * - `wagering`: what must be bet to convert the whole bonus (a fixed one, or `max_bonus`);
 * - `example_deposit`: a round deposit between the minimum and `full_deposit`, with its
 *   `example_bonus`, `example_balance` (deposit plus bonus) and `example_wagering`.
 */
export const OFFER_FIGURES = [
  'bonus',
  'max_bonus',
  'min_deposit',
  'max_cashout',
  'full_deposit',
  'full_balance',
  'wagering',
  'example_deposit',
  'example_bonus',
  'example_balance',
  'example_wagering',
] as const;
export type OfferFigure = (typeof OFFER_FIGURES)[number];

/** The largest of 1, 2 or 5 times a power of ten (in whole units) that is not above `cents`. */
function roundDown(cents: number): number {
  const units = Math.max(1, Math.floor(cents / 100));
  const power = 10 ** Math.floor(Math.log10(units));
  const step = [5, 2, 1].map((m) => m * power).find((v) => v <= units) ?? power;
  return step * 100;
}

/** The bonus a deposit of `deposit` cents earns under a percentage offer. */
export function percentBonus(terms: Pick<OfferTerms, 'percent'>, amounts: Pick<OfferAmounts, 'maxBonus'>, deposit: number): number {
  const bonus = Math.floor((deposit * terms.percent) / 100);
  return amounts.maxBonus === null ? bonus : Math.min(bonus, amounts.maxBonus);
}

/** Every figure of the offer in `currency` (cents), or undefined when it has no amounts there. */
export function offerFigures(terms: OfferTerms, currency: string): Record<OfferFigure, number> | undefined {
  const a = terms.amounts[currency];
  if (!a) return undefined;
  const percent = terms.bonusKind === 'percent' && terms.percent > 0;
  const maxBonus = a.maxBonus ?? a.bonusValue;
  const bonus = percent ? maxBonus : a.bonusValue;
  const fullDeposit = percent ? Math.ceil((maxBonus * 100) / terms.percent) : a.minDeposit;
  const exampleDeposit = Math.max(a.minDeposit, roundDown(fullDeposit / 4));
  const exampleBonus = percent ? percentBonus(terms, a, exampleDeposit) : bonus;
  return {
    bonus,
    max_bonus: maxBonus,
    min_deposit: a.minDeposit,
    max_cashout: a.maxCashout ?? 0,
    full_deposit: fullDeposit,
    full_balance: fullDeposit + bonus,
    wagering: bonus * terms.wageringMultiplier,
    example_deposit: exampleDeposit,
    example_bonus: exampleBonus,
    example_balance: exampleDeposit + exampleBonus,
    example_wagering: exampleBonus * terms.wageringMultiplier,
  };
}

/** `{figure}` or `{CODE.figure}`. */
const TOKEN = /\{(?:([A-Za-z0-9_-]+)\.)?([a-z_]+)\}/g;

/**
 * A text with its figure tokens filled: `{max_bonus}` from `own` (the promotion the text
 * belongs to), `{CODE.max_bonus}` from the offer of that code. Amounts are in `currency`
 * when the offer has them there, else in the offer's first currency (a true figure in
 * another currency rather than a wrong one in this); `format(cents, currency)` writes them.
 * A token naming no known offer or figure is left as it is.
 */
export function fillOfferFigures(
  text: string,
  offers: readonly OfferTerms[],
  own: OfferTerms | undefined,
  currency: string,
  format: (cents: number, currency: string) => string,
): string {
  if (!text.includes('{')) return text;
  return text.replace(TOKEN, (token, code: string | undefined, figure: string) => {
    const offer = code === undefined ? own : offers.find((o) => o.code.toLowerCase() === code.toLowerCase());
    if (!offer || !(OFFER_FIGURES as readonly string[]).includes(figure)) return token;
    const shown = offer.amounts[currency] ? currency : Object.keys(offer.amounts)[0];
    const figures = shown === undefined ? undefined : offerFigures(offer, shown);
    return figures && shown ? format(figures[figure as OfferFigure], shown) : token;
  });
}

/** The figure tokens of a text that name no offer or figure known here (for the content checks). */
export function unknownFigureTokens(text: string, offers: readonly OfferTerms[], own: OfferTerms | undefined): string[] {
  return [...text.matchAll(TOKEN)]
    .filter(([, code, figure]) => {
      const offer = code === undefined ? own : offers.find((o) => o.code.toLowerCase() === code.toLowerCase());
      return !offer || !(OFFER_FIGURES as readonly string[]).includes(figure as string);
    })
    .map(([token]) => token);
}

// The promotional landing pages of SPEC §2 and what each offers.
export interface Landing {
  /** Catalog key prefix in the `landing` namespace. */
  offer: 'free10' | 'welcome3000' | 'aviator';
  promoCode?: string;
  image: string;
}

export const LANDINGS: Record<string, Landing> = {
  '10freeallcurrency': { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  '10freeaus': { offer: 'free10', promoCode: 'TENFREE', image: '/welcome1/aus.svg' },
  '10freeca': { offer: 'free10', promoCode: 'TENFREE', image: '/welcome1/canada.svg' },
  '10freeuk': { offer: 'free10', promoCode: 'TENFREE', image: '/welcome1/uk.svg' },
  de10free: { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  fr10free: { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  no10free: { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  se10free: { offer: 'free10', promoCode: 'TENFREE', image: '/welcome/welcome.svg' },
  en3000welcomebonus: { offer: 'welcome3000', promoCode: 'WELCOME3000', image: '/promotions/high-roller.svg' },
};

export const AVIATOR: Landing = { offer: 'aviator', image: '/welcome/welcome.svg' };

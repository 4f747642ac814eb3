// Offers true in the player's currency: for every promotion and every currency a player can
// hold, the figures its page states come from its data in that currency, its minimum
// deposit is one a processor takes in that currency, and a deposit of exactly that minimum
// through the cashier grants what the page states (the percentage, or the free bet); a
// sign-up offer grants its stated amount at activation. The rupee figures are no euro
// figures with a rupee sign: a player from India reads "up to ₹20,000.00" and the wallet
// gives it.
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBonus } from '../../src/server/auth/registration-bonus.ts';
import { allOfferTerms } from '../../src/server/content/offers.ts';
import { rows } from '../../src/server/db/client.ts';
import { promotions, settings, siteContent } from '../../src/server/db/schema/index.ts';
import { upgradeSeededTexts } from '../../src/server/demo/seed-content.ts';
import { allProcessors } from '../../src/server/payments/processors.ts';
import { readBalance } from '../../src/server/wallet/index.ts';
import { type OfferTerms, offerFigures, percentBonus } from '../../src/shared/offer-terms.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { cardToken, follow, newPlayer } from './payments/helpers.ts';

let api: TestApi;
let offers: OfferTerms[];
let currencies: string[];
beforeAll(async () => {
  api = await testApi({}, { demo: false });
  offers = await allOfferTerms(api.ctx.database.db);
  const [row] = await api.ctx.database.db.select({ byCountry: settings.currencyByCountry }).from(settings);
  // A wallet is in EUR unless the player's country names another currency.
  currencies = [...new Set(['EUR', ...Object.values(row?.byCountry ?? {})])].sort();
});
afterAll(() => api.close());

type Reply = { status: number; message?: string; redirect_url?: string; tx_id?: string };
type Template = { promo_code: string; title: string; brief_text: string; text: string };

/** A player of `currency` who is a person of their own (test players share a phone otherwise). */
async function person(currency: string) {
  const p = await newPlayer(api, currency);
  await api.ctx.database.db.execute(
    sql`update players set phone_number = ${`+49151${String(randomInt(10 ** 8)).padStart(8, '0')}`}, first_name = ${`P${p.id}`},
        ip_address = ${`10.${randomInt(250)}.${randomInt(250)}.${randomInt(250)}`} where id = ${p.id}`,
  );
  return p;
}

/** A card deposit of `cents` with the promo code, credited by the sandbox's webhook. */
async function deposit(token: string, cents: number, promotion: string): Promise<void> {
  const { body } = await api.json<Reply>(
    'payment/get_payment_stripe_url',
    { amount: (cents / 100).toFixed(2), promotion, cardToken: await cardToken(api, '4242 4242 4242 4242') },
    { token },
  );
  expect(body, `${promotion}: the deposit starts`).toMatchObject({ status: 1 });
  await follow(api, body.redirect_url as string);
}

/** What the page of a locale states, with the figures filled in its currency. */
async function texts(language: string): Promise<Map<string, string>> {
  const { body } = await api.json<{ templateList: Template[] }>('front/get_promotion_template', { language });
  return new Map(body.templateList.map((t) => [t.promo_code, `${t.title} ${t.brief_text} ${t.text}`]));
}

describe('offers in the player’s currency', () => {
  it('every promotion has its figures in every currency a player can hold', () => {
    expect(currencies).toEqual(['EUR', 'INR']);
    expect(offers.map((o) => o.code)).toEqual(['WELCOME100', 'TENFREE', 'RELOAD50', 'WELCOME3000', 'SPORTS20', 'BINGO50']);
    for (const offer of offers) for (const currency of currencies) expect(offerFigures(offer, currency), `${offer.code} in ${currency}`).toBeDefined();
  });

  it('every minimum deposit is one a processor takes in that currency', async () => {
    const processors = (await allProcessors(api.ctx.database.db)).filter((p) => p.enabled && p.deposit);
    for (const offer of offers.filter((o) => o.bonusKind !== 'fixed')) {
      for (const currency of currencies) {
        const min = offer.amounts[currency]?.minDeposit as number;
        const payable = processors.filter((p) => {
          const limits = p.limits[currency];
          return limits !== undefined && limits.min_deposit <= min && (limits.max_deposit === null || min <= limits.max_deposit);
        });
        expect(payable.length, `${offer.code}: a deposit of ${min} ${currency} cents`).toBeGreaterThan(0);
      }
    }
  });

  it('the rupee page states rupee figures and the euro page euro figures, every token filled', async () => {
    const rupees = await texts('in');
    const euros = await texts('en');
    expect(rupees.get('WELCOME100')).toContain('100% Welcome Bonus up to ₹20,000.00');
    expect(rupees.get('WELCOME100')).toContain('Min. deposit ₹1,000.00');
    expect(rupees.get('TENFREE')).toContain('₹1,000.00 Free on Registration');
    expect(rupees.get('RELOAD50')).toContain('50% Weekly Reload up to ₹10,000.00');
    expect(euros.get('WELCOME100')).toContain('100% Welcome Bonus up to €200.00');
    expect(euros.get('WELCOME100')).toContain('Min. deposit €20.00');
    for (const [code, text] of [...rupees, ...euros]) {
      expect(text, code).not.toMatch(/\{[A-Za-z0-9_.]+\}/);
      expect(text, code).not.toMatch(/₹(20|200|10|100)\.00(?![\d,])/);
    }
    for (const [code, text] of rupees) expect(text, code).not.toContain('€');
    for (const [code, text] of euros) expect(text, code).not.toContain('₹');
  });

  it('a deposit of exactly the stated minimum grants the stated bonus, in every currency', async () => {
    for (const currency of currencies) {
      const page = await texts(currency === 'INR' ? 'in' : 'en');
      for (const offer of offers.filter((o) => o.bonusKind === 'percent' || o.bonusKind === 'free_bet')) {
        const figures = offerFigures(offer, currency);
        const amounts = offer.amounts[currency];
        if (!figures || !amounts) throw new Error(`${offer.code} has no ${currency} amounts`);
        const stated = page.get(offer.code) ?? '';
        const p = await person(currency);
        await deposit(p.token, figures.min_deposit, offer.code);
        const balance = await readBalance(api.ctx.database.db, p.id);
        expect(balance, `${offer.code} in ${currency}`).toMatchObject({ currency, real: figures.min_deposit });
        if (offer.bonusKind === 'percent') {
          expect(stated, offer.code).toContain(`${offer.percent}%`);
          expect(balance.bonus, `${offer.code}: ${offer.percent}% of ${figures.min_deposit} ${currency} cents`).toBe(
            percentBonus(offer, amounts, figures.min_deposit),
          );
          expect(balance.bonus).toBe((figures.min_deposit * offer.percent) / 100);
        } else {
          const [bet] = await rows<{ amount: string; currency: string }>(
            api.ctx.database.db,
            sql`select amount, currency from sport_free_bets where player_id = ${p.id}`,
          );
          expect({ amount: Number(bet?.amount), currency: bet?.currency }, `${offer.code} in ${currency}`).toEqual({ amount: figures.bonus, currency });
        }
      }
    }
  });

  it('a sign-up offer grants its stated amount at activation, in every currency', async () => {
    for (const currency of currencies) {
      for (const offer of offers.filter((o) => o.bonusKind === 'fixed')) {
        const figures = offerFigures(offer, currency);
        const p = await person(currency);
        await api.ctx.database.db.execute(sql`update players set promo_code = ${offer.code}, email_verified_at = now() where id = ${p.id}`);
        const granted = await registrationBonus(api.ctx, p.id);
        expect(granted, `${offer.code} in ${currency}`).toMatchObject({ state: 'granted', currency });
        expect((await readBalance(api.ctx.database.db, p.id)).bonus).toBe(figures?.bonus);
        expect(granted?.max_cashout).toBe((figures?.max_cashout ?? 0) / 100);
      }
    }
  });

  it('a site seeded with typed figures gets the seeded texts with tokens, keeps what staff wrote, and gets the texts of BINGO50', async () => {
    const db = api.ctx.database.db;
    const [welcome] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.promoCode, 'WELCOME100'));
    const [bingo] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.promoCode, 'BINGO50'));
    const item = (kind: 'promotion' | 'slider', slug: string, locale: string) =>
      and(eq(siteContent.kind, kind), eq(siteContent.slug, slug), eq(siteContent.locale, locale));
    // As the seed wrote them before: euro figures with a rupee sign on `in`; a title staff rewrote on `de`; no BINGO50.
    await db
      .update(siteContent)
      .set({ title: '100% Welcome Bonus up to ₹200' })
      .where(item('promotion', String(welcome?.id), 'in'));
    await db
      .update(siteContent)
      .set({ title: 'Welcome bonus: 100% up to ₹200' })
      .where(item('slider', '1', 'in'));
    await db
      .update(siteContent)
      .set({ title: 'Unser Willkommensbonus' })
      .where(item('promotion', String(welcome?.id), 'de'));
    await db.delete(siteContent).where(and(eq(siteContent.kind, 'promotion'), eq(siteContent.slug, String(bingo?.id))));

    await upgradeSeededTexts(db);
    await upgradeSeededTexts(db);
    const rupees = await texts('in');
    expect(rupees.get('WELCOME100')).toContain('100% Welcome Bonus up to ₹20,000.00');
    const { body } = await api.json<{ sliderList: { title: string }[] }>('front/get_slider', { lan: 'in', is_mobile: true });
    expect(body.sliderList[0]?.title).toBe('Welcome bonus: 100% up to ₹20,000.00');
    expect((await texts('de')).get('WELCOME100')).toMatch(/^Unser Willkommensbonus /);
    expect(rupees.get('BINGO50')).toContain('50% Bingo Bonus up to ₹5,000.00');
    const bingoTexts = await db
      .select()
      .from(siteContent)
      .where(and(eq(siteContent.kind, 'promotion'), eq(siteContent.slug, String(bingo?.id))));
    expect(bingoTexts).toHaveLength(24);
  });
});

// "A user-facing promise names only what exists": the seeded English pages may name a
// safer-gambling tool only when the call that implements it is a route of the app and the
// account menu has the tab they send the player to; no seeded promotion, slide or landing
// names bingo but the catalogue's bingo rooms (which exist since issue 13) and the bingo bonus
// for them (BINGO50 and its two landings); the identity check and
// two-factor login are named only with the calls behind them and the tabs they happen in; and the
// pages claim no check or product we do not have (instant checks, codes by SMS, live dealers).
import { eq, ilike, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDINGS } from '../../src/build/landing.ts';
import { games, promotions } from '../../src/server/db/schema/index.ts';
import { ACCOUNT_ITEMS, ACCOUNT_TAB } from '../../src/shared/account-menu.ts';
import { DOCUMENT_KINDS, DOCUMENT_TYPES, VERIFICATION_REASONS } from '../../src/shared/identity.ts';
import { DEFAULT_PROFILE } from '../../src/shared/jurisdiction.ts';
import { BREAK_DURATIONS, LIMIT_KINDS } from '../../src/shared/protection.ts';
import { FREE_BET_MIN_ODDS } from '../../src/shared/sports.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import en from '../../locales/en.json' with { type: 'json' };

/** Phrases of the pages, each with the calls that make it true. */
const TOOLS: { phrase: RegExp; calls: string[] }[] = [
  { phrase: /deposit, loss and wager limits/i, calls: ['front/set_player_limit', 'front/confirm_player_limit'] },
  { phrase: /session time limit/i, calls: ['front/set_player_limit'] },
  { phrase: /reality checks?/i, calls: ['front/set_reality_check', 'studio/reality_check'] },
  { phrase: /time-out/i, calls: ['front/take_break'] },
  { phrase: /self-exclu|exclude yourself/i, calls: ['front/take_break'] },
  { phrase: /close your account|account closure/i, calls: ['front/close_account'] },
];

/**
 * The account's protections the pages name, each with the calls that make it true and the
 * account tab it happens in (every page naming one links that tab): documents uploaded and
 * decided by staff, and a second factor at login by authenticator app or passkey.
 */
const GUARDS: { phrase: RegExp; calls: string[]; tab: number }[] = [
  {
    phrase: /verify your age and identity/i,
    calls: [
      'front/get_verification',
      'front/upload_identity_document',
      'admin/get_pending_verifications',
      'admin/approve_verification',
      'admin/refuse_verification',
    ],
    tab: ACCOUNT_TAB.verification,
  },
  {
    phrase: /two-factor login/i,
    calls: [
      'front/get_security',
      'front/start_totp',
      'front/confirm_totp',
      'front/start_passkey',
      'front/add_passkey',
      'front/auth/second_factor',
      'front/auth/passkey_options',
    ],
    tab: ACCOUNT_TAB.security,
  },
];

/** What the pages must not claim: none of it exists. */
const ABSENT = [
  /instant(ly)?[^.]*verif|verif[^.]*\binstant/i,
  /\bSMS\b[^.]*(code|two-factor|second factor|log ?in)|(code|two-factor|second factor|log ?in)[^.]*\bSMS\b/i,
  /(text message|phone call)[^.]*(code|log ?in)/i,
  /selfie|video (call|chat|stream)/i,
  /live dealer|real dealers/i,
  /contact[^.]*support[^.]*(limit|time-out|self-exclu)/i,
  /close your account[^.]*by contacting support/i,
];

describe('promises of the seeded pages', () => {
  let api: TestApi;
  let routes: Set<string>;
  let pages: Record<string, string>;
  beforeAll(async () => {
    api = await testApi({}, { demo: false });
    routes = new Set(api.app.routes.filter((r) => r.method === 'POST').map((r) => r.path.replace(/^\/api\//, '')));
    const faq = await api.json<{ templateList: { content_tab: string; content: string }[] }>('front/get_faq_template', { language: 'en' });
    pages = Object.fromEntries(faq.body.templateList.map((t) => [t.content_tab, t.content]));
  });
  afterAll(() => api.close());

  it('names only safer-gambling tools the app implements, in the tab it links to', () => {
    const rg = pages.responsible_gaming ?? '';
    const about = pages.about_us ?? '';
    expect(rg).toContain('href="/user-management?tab=9"');
    expect(ACCOUNT_ITEMS.some((item) => item.tab === 9 && item.key === 'safer_gambling')).toBe(true);
    for (const text of [rg, about, pages.faq ?? '']) {
      for (const { phrase, calls } of TOOLS) if (phrase.test(text)) for (const call of calls) expect(routes, `${phrase} needs ${call}`).toContain(call);
    }
    // Every tool the responsible-gaming page lists is named there, with the periods the calls accept.
    for (const { phrase } of TOOLS) expect(rg).toMatch(phrase);
    for (const kind of ['deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'wager_month', 'session']) expect(LIMIT_KINDS).toContain(kind);
    expect(rg).toMatch(/per day, week or month/);
    expect([...BREAK_DURATIONS.timeout]).toEqual(['24h', '1w', '1m', '6w']);
    expect(rg).toMatch(/24 hours, one week, one month or six weeks/);
    expect([...BREAK_DURATIONS.self_exclusion]).toEqual(['6m', '1y', '5y']);
    expect(rg).toMatch(/six months, one year or five years/);
    expect(rg).not.toMatch(/permanent/i);
  });

  it('names the identity check and two-factor login with the calls and the tabs that make them true', () => {
    for (const where of ['about_us', 'responsible_gaming', 'faq']) {
      const text = pages[where] ?? '';
      for (const { phrase, calls, tab } of GUARDS) {
        expect(text, `${where}: ${phrase}`).toMatch(phrase);
        for (const call of calls) expect(routes, `${phrase} needs ${call}`).toContain(call);
        expect(text, `${where} links tab ${tab}`).toContain(`href="/user-management?tab=${tab}"`);
      }
    }
    expect(ACCOUNT_ITEMS).toContainEqual({ tab: 10, key: 'security' });
    expect(ACCOUNT_ITEMS).toContainEqual({ tab: 11, key: 'verification' });
    // "Before your first withdrawal": where the check happens by default (a strict market asks it before play, earlier still).
    expect(DEFAULT_PROFILE.verification_before_withdrawal).toBe(true);
    for (const where of ['about_us', 'responsible_gaming', 'faq']) {
      expect(pages[where]).toMatch(/before your first withdrawal we verify your age and identity/i);
      // The two kinds of document the upload takes, and the two second factors the Security tab enrols.
      expect(pages[where]).toMatch(/identity document and a proof of address/);
      expect(pages[where]).toMatch(/authenticator app or (for )?a passkey/);
    }
    expect([...DOCUMENT_KINDS]).toEqual(['identity', 'address']);
    // The FAQ's file types are the ones the upload accepts, and staff can refuse a player under 18.
    expect([...DOCUMENT_TYPES]).toEqual(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
    expect(pages.faq).toMatch(/JPEG, PNG, WebP or PDF/);
    expect(VERIFICATION_REASONS).toContain('underage');
  });

  it('claims no check or product that does not exist, on any page or promotion', async () => {
    const offers = await api.json('front/get_promotion_template', { language: 'en' });
    const texts = { ...pages, promotions: JSON.stringify(offers.body) };
    for (const [where, text] of Object.entries(texts)) for (const claim of ABSENT) expect(text, `${where}: ${claim}`).not.toMatch(claim);
    // The about page's links lead to pages that are built.
    expect(pages.about_us).toContain('href="/fairness"');
  });

  it('names bingo only as the catalogue’s bingo rooms, and its bingo bonus only for those rooms', async () => {
    const db = api.ctx.database.db;
    // Every game called bingo is a bingo room (scheduled draws, tickets through the wallet), and both rooms are there.
    const named = await db
      .select({ engine: games.engine })
      .from(games)
      .where(or(ilike(games.name, '%bingo%'), ilike(games.slug, '%bingo%')));
    expect(named.map((g) => g.engine).sort()).toEqual(['bingo-75', 'bingo-90']);
    // BINGO50 is bonus money, which the rooms' ticket purchases (wallet bets) spend and count in full towards its wagering.
    const [offer] = await db.select().from(promotions).where(eq(promotions.promoCode, 'BINGO50'));
    expect(offer).toMatchObject({ bonusKind: 'percent', bonusValue: 50, wageringMultiplier: 20, depositRule: 'any', bonusValidDays: 30 });
    const offers = await api.json<{ templateList: { promo_code: string }[] }>('front/get_promotion_template', { language: 'en' });
    const bingo = JSON.stringify(offers.body.templateList.filter((t) => t.promo_code === 'BINGO50'));
    expect(bingo).toMatch(/90-ball and 75-ball bingo rooms/);
    expect(bingo).not.toMatch(/video bingo|bingo hall|live bingo/i);
    expect(JSON.stringify(offers.body.templateList.filter((t) => t.promo_code !== 'BINGO50'))).not.toMatch(/bingo/i);
    const slides = await api.json('front/get_slider', { lan: 'en', is_mobile: false });
    expect(JSON.stringify(slides.body)).not.toMatch(/bingo|live dealer|real dealers/i);
    // The bingo landings offer that code; no other landing names bingo.
    for (const [slug, landing] of Object.entries(LANDINGS)) {
      if (/bingo/i.test(slug)) expect(landing).toMatchObject({ offer: 'bingo50', promoCode: 'BINGO50' });
      else expect(`${slug} ${landing.offer} ${landing.promoCode}`).not.toMatch(/bingo/i);
    }
    expect(Object.keys(LANDINGS).filter((slug) => /bingo/i.test(slug))).toEqual(['bingo50', 'frbingo50']);
    expect(en.landing.bingo50_lead).toMatch(/BINGO50/);
  });

  it('offers SPORTS20 as the free bet the sportsbook takes, with the terms its texts name', async () => {
    const db = api.ctx.database.db;
    const [offer] = await db.select().from(promotions).where(eq(promotions.promoCode, 'SPORTS20'));
    // A free bet of €20 (not bonus money), for a first deposit of €50, valid 30 days; the betslip spends it at odds of 1.50 or more.
    expect(offer).toMatchObject({
      bonusKind: 'free_bet',
      bonusValue: 2_000,
      minDeposit: 5_000,
      depositRule: 'first',
      wageringMultiplier: 0,
      bonusValidDays: 30,
    });
    expect(FREE_BET_MIN_ODDS).toBe(1.5);
    expect([...routes]).toContain('front/get_free_bets');
    const offers = await api.json('front/get_promotion_template', { language: 'en' });
    const text = JSON.stringify(offers.body);
    for (const term of [/SPORTS20/, /€20\.00 free bet/, /€50\.00 or more/, /1\.50/, /30 days/, /not returned/i]) expect(text).toMatch(term);
    expect(text).not.toMatch(/wagering 10×|sports deposit/i);
  });
});

// The sandbox studio: an outside game provider that lives in this project so the
// seamless-wallet API has a real client. It behaves like a third party mounted on our
// server (as the payments sandbox does): it never reads or writes our tables; it has its
// own key (derived from WEBHOOK_SECRET, so a fresh install works without a manual step),
// and its server side calls /api/providers/v1/* as signed HTTP requests — handed to the
// app's own fetch, the whole HTTP path of any provider (middleware, signature, parsing).
//
// Its games are "pick one of N" draws (a coin, a seven-sided die) paying 98% of the stake
// back on average. A round's outcome is HMAC(its secret, round id): the round id is made
// when the page is drawn, so a form posted twice plays the same round and the wallet
// answers the same bet and win again instead of taking a second stake.
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { SeamlessBalanceReply, SeamlessMoneyReply, SeamlessRefusal } from '../../shared/contract/seamless.ts';
import type { Config } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { gameProviders, games, walletProviders } from '../db/schema/index.ts';
import type { AppEnv } from '../http.ts';
import { escapeHtml, money, page, seal, unseal } from '../payments/sandbox/common.ts';
import { signPayload } from '../payments/signature.ts';
import { ensureFixedKey } from './providers.ts';

export const SANDBOX_PROVIDER = {
  code: 'sandbox-games',
  name: 'Sandbox Studio',
  /** The catalogue label its games are listed under. */
  label: 'sandbox-studio',
  keyId: 'sandbox-games-key',
  launchUrl: '/api/sandbox/games/launch',
  currencies: ['EUR', 'INR'],
} as const;

interface SandboxGame {
  slug: string;
  name: string;
  /** How many faces; the player picks one. */
  faces: number;
  /** What the right pick returns, in basis points of the stake: 98% of the stake back on average. */
  payoutBp: number;
  labels: string[];
}

export const SANDBOX_GAMES: SandboxGame[] = [
  { slug: 'sandbox-coin-flip', name: 'Coin Flip', faces: 2, payoutBp: 19_600, labels: ['Heads', 'Tails'] },
  { slug: 'sandbox-lucky-seven', name: 'Lucky Seven', faces: 7, payoutBp: 68_600, labels: ['1', '2', '3', '4', '5', '6', '7'] },
];

/** Our catalogue's id of a sandbox game (what launches hand the provider as game_id). */
export const sandboxGameId = (slug: string) => `${SANDBOX_PROVIDER.label}:${slug}`;

const STAKES = [10, 50, 100, 500, 1000];
const FUN_START = 100_000;

/** The sandbox studio's secret: its own, derived from ours, as the payments sandbox's are. */
export function sandboxSecret(webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(`seamless:${SANDBOX_PROVIDER.code}`).digest('hex');
}

/**
 * Seeds the sandbox studio: its catalogue label and games and its provider row, and, given
 * the configuration that seals it, its key (kept current with WEBHOOK_SECRET).
 */
export async function seedSandboxStudio(db: Db, config?: Pick<Config, 'webhookSecret' | 'providerSecretsKey'>, groupId = 7): Promise<void> {
  await db.insert(gameProviders).values({ slug: SANDBOX_PROVIDER.label, providerName: SANDBOX_PROVIDER.name, position: 50 }).onConflictDoNothing();
  const [label] = await db.select({ id: gameProviders.id }).from(gameProviders).where(eqSlug(SANDBOX_PROVIDER.label));
  if (!label) return;
  await db
    .insert(games)
    .values(
      SANDBOX_GAMES.map((g, i) => ({
        externalGameId: sandboxGameId(g.slug),
        slug: g.slug,
        name: g.name,
        providerId: label.id,
        groupId,
        type: 'online' as const,
        // Not one of our engines: the provider plays it on its own page.
        engine: 'provider',
        config: { faces: g.faces, payoutBp: g.payoutBp },
        sections: ['mini_games', 'new_games'],
        thumbnail: `/games/sandbox/${g.slug}.svg`,
        position: 500 + i,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(walletProviders)
    .values({
      code: SANDBOX_PROVIDER.code,
      name: SANDBOX_PROVIDER.name,
      gameProviderId: label.id,
      currencies: [...SANDBOX_PROVIDER.currencies],
      launchUrl: SANDBOX_PROVIDER.launchUrl,
    })
    .onConflictDoNothing();
  const [provider] = await db.select({ id: walletProviders.id }).from(walletProviders).where(eqCode(SANDBOX_PROVIDER.code));
  if (provider && config) await ensureFixedKey(db, config.providerSecretsKey, provider.id, SANDBOX_PROVIDER.keyId, sandboxSecret(config.webhookSecret));
}

const eqSlug = (slug: string) => eq(gameProviders.slug, slug);
const eqCode = (code: string) => eq(walletProviders.code, code);

/** How the sandbox reaches our API: an HTTP request, answered by whoever serves /api. */
export type Transport = (path: string, init: RequestInit) => Promise<Response> | Response;

type Answer = SeamlessMoneyReply | SeamlessBalanceReply | SeamlessRefusal;

/** The sandbox studio's client of the seamless-wallet API: JSON, signed over timestamp and raw body. */
export function sandboxClient(ctx: ServerContext, transport: Transport) {
  return async function send(call: 'balance' | 'bet' | 'win' | 'rollback', body: Record<string, unknown>): Promise<Answer> {
    const raw = JSON.stringify(body);
    const signature = signPayload(sandboxSecret(ctx.config.webhookSecret), `${call}.${raw}`, Math.floor(ctx.clock.now() / 1000));
    const response = await transport(`/api/providers/v1/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-provider-key': SANDBOX_PROVIDER.keyId, 'x-provider-signature': signature },
      body: raw,
    });
    const answer = (await response.json()) as Answer;
    return answer;
  };
}

/** The face a round lands on: HMAC of the round id under the studio's secret, drawn without bias. */
export function faceOf(secret: string, roundId: string, faces: number): number {
  for (let i = 0; ; i++) {
    const x = createHmac('sha256', secret).update(`${roundId}:${i}`).digest().readUInt32BE(0);
    const limit = 2 ** 32 - (2 ** 32 % faces);
    if (x < limit) return x % faces;
  }
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'";

function html(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'x-frame-options': 'SAMEORIGIN' },
  });
}

interface Launch {
  game: SandboxGame;
  mode: 'real' | 'fun';
  currency: string;
  session?: string;
  /** Free play's pretend balance, sealed (the page cannot change it). */
  fun?: string;
}

const MESSAGES: Record<string, string> = {
  insufficient_funds: 'Not enough balance for this stake.',
  limit_reached: 'Refused by your limit.',
  player_on_break: 'You are on a break from play.',
  account_closed: 'This account is closed.',
  session_expired: 'This game session has ended. Open the game again from the lobby.',
  session_not_found: 'This game session has ended. Open the game again from the lobby.',
};
const messageOf = (code: string) => MESSAGES[code] ?? 'The casino refused this round.';

function screen(l: Launch, balance: number | undefined, note: string): string {
  const round = randomBytes(12).toString('hex');
  const picks = l.game.labels
    .map((label, i) => `<label class="pick"><input type="radio" name="pick" value="${i}"${i === 0 ? ' checked' : ''}> ${escapeHtml(label)}</label>`)
    .join('');
  const stakes = STAKES.map((s) => `<option value="${s}"${s === 100 ? ' selected' : ''}>${escapeHtml(money(s, l.currency))}</option>`).join('');
  const hidden = [
    ['game', l.game.slug],
    ['mode', l.mode],
    ['currency', l.currency],
    ['round', round],
    ...(l.session ? [['session', l.session]] : []),
    ...(l.fun !== undefined ? [['fun', l.fun]] : []),
  ]
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(String(v))}">`)
    .join('');
  return page(
    `${l.game.name} – ${SANDBOX_PROVIDER.name}`,
    `<style>.pick{display:inline-block;margin:6px 14px 6px 0}.pick input{width:auto;margin:0 6px 0 0}fieldset{border:1px solid #a9b3c2;border-radius:6px}select{width:100%;padding:9px;font:inherit}</style>
<h1>${escapeHtml(l.game.name)}</h1><p class="sub">${SANDBOX_PROVIDER.name} · ${l.mode === 'real' ? 'real money' : 'free play'} · pays ${(l.game.payoutBp / 10_000).toFixed(2)}× the stake on the right pick (98% return)</p>
<div class="amount" role="status">${balance === undefined ? '–' : escapeHtml(money(balance, l.currency))}</div>${note ? `<p role="alert">${escapeHtml(note)}</p>` : ''}
<form method="post" action="/api/sandbox/games/play">${hidden}<fieldset><legend>Your pick</legend>${picks}</fieldset>
<label for="stake">Stake</label><select id="stake" name="stake">${stakes}</select><button type="submit">Play</button></form>`,
  );
}

/** The sandbox studio's pages, at /api/sandbox/games. */
export function sandboxStudioRoutes(ctx: ServerContext, transport: Transport) {
  const send = sandboxClient(ctx, transport);
  const secret = () => sandboxSecret(ctx.config.webhookSecret);
  const gone = () => html(page(SANDBOX_PROVIDER.name, `<h1>This game is not available.</h1>`), 404);
  const funOf = (sealed: string | undefined) => unseal<{ b: number; x: number }>(ctx, SANDBOX_PROVIDER.code, sealed)?.b;
  const sealFun = (b: number) => seal(ctx, SANDBOX_PROVIDER.code, { b }, 12 * 3_600_000);

  return new Hono<AppEnv>()
    .get('/launch', async (c) => {
      const game = SANDBOX_GAMES.find((g) => sandboxGameId(g.slug) === c.req.query('game_id'));
      const currency = c.req.query('currency') ?? '';
      if (!game || !/^[A-Z]{3}$/.test(currency)) return gone();
      if (c.req.query('mode') !== 'real') return html(screen({ game, mode: 'fun', currency, fun: sealFun(FUN_START) }, FUN_START, ''));
      const session = c.req.query('session') ?? '';
      const answer = await send('balance', { session, currency });
      if (answer.status !== 1) return html(page(SANDBOX_PROVIDER.name, `<h1>${escapeHtml(messageOf(answer.message))}</h1>`), 403);
      return html(screen({ game, mode: 'real', currency, session }, (answer as SeamlessBalanceReply).balance, ''));
    })
    .post('/play', async (c) => {
      const form = await c.req.parseBody();
      const field = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
      const game = SANDBOX_GAMES.find((g) => g.slug === field('game'));
      const stake = Number(field('stake'));
      const pick = Number(field('pick'));
      const currency = field('currency');
      const round = field('round');
      if (
        !game ||
        !STAKES.includes(stake) ||
        !Number.isInteger(pick) ||
        pick < 0 ||
        pick >= game.faces ||
        !/^[a-f0-9]{24}$/.test(round) ||
        !/^[A-Z]{3}$/.test(currency)
      )
        return gone();
      const face = faceOf(secret(), round, game.faces);
      const win = face === pick ? Math.floor((stake * game.payoutBp) / 10_000) : 0;
      const result = `${game.labels[face]} – ${win > 0 ? `you win ${money(win, currency)}` : 'no win this time'}.`;
      if (field('mode') !== 'real') {
        const fun = funOf(field('fun'));
        if (fun === undefined) return gone();
        const enough = fun >= stake;
        const after = enough ? fun - stake + win : fun;
        return html(screen({ game, mode: 'fun', currency, fun: sealFun(after) }, after, enough ? result : messageOf('insufficient_funds')));
      }
      const session = field('session');
      const common = { session, game_id: sandboxGameId(game.slug), currency };
      const bet = await send('bet', { ...common, transaction_id: `${round}-bet`, round_id: round, amount: stake });
      if (bet.status !== 1) return html(screen({ game, mode: 'real', currency, session }, bet.balance, messageOf(bet.message)));
      let paid = await send('win', { ...common, transaction_id: `${round}-win`, round_id: round, bet_transaction_id: `${round}-bet`, amount: win });
      // Asked once more on a refusal that a retry can clear (the same id answers the same); else the stake goes back.
      if (paid.status !== 1)
        paid = await send('win', { ...common, transaction_id: `${round}-win`, round_id: round, bet_transaction_id: `${round}-bet`, amount: win });
      if (paid.status !== 1) {
        const back = await send('rollback', { ...common, transaction_id: `${round}-rollback`, bet_transaction_id: `${round}-bet` });
        return html(screen({ game, mode: 'real', currency, session }, back.balance, 'The round could not be finished; your stake was returned.'));
      }
      return html(screen({ game, mode: 'real', currency, session }, paid.balance, result));
    });
}

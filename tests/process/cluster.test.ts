// The cluster of deploy/: nginx with the repository's configuration (deploy/nginx/casino.conf)
// in front of two server processes on one PostgreSQL and Redis.
// - Background work once per cluster: each sweep (bonus expiry, round recovery) and the
//   sports feed run in one of the two, under leases whose time is the database's, and the
//   feed's news reaches the sportsbook sockets of both processes, the same updates, each once.
// - Players' sockets connect through nginx; a bounded load of signed game-wallet bets and wins
//   (a studio's calls, each retried with its own transaction id until it gets an answer, as
//   studios do) goes through nginx while the process running the feed is killed with SIGKILL
//   and started again. Meanwhile newcomers register, log in, start a deposit, are credited by
//   the processor's signed webhook (retried with the same event until it is answered, as
//   processors do) and ask for withdrawals. The other process takes the feed over within 5 s;
//   every accepted bet and win is in the ledger exactly once and nothing else is, each
//   newcomer is credited once and holds what their withdrawals left, the ledger balances, no
//   balance is negative, every socket has reconnected and gets its push, and the only 5xx
//   answers are those of requests in flight on the killed process (counted and printed).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { noPushes } from '../../src/server/context.ts';
import { openDatabase, rows } from '../../src/server/db/client.ts';
import { eventBody } from '../../src/server/payments/sandbox/common.ts';
import { providerSecret, SIGNATURE_HEADER, signPayload } from '../../src/server/payments/signature.ts';
import { auditLedger, balancedPerCurrency, createWallet } from '../../src/server/wallet/index.ts';
import { markVerified } from '../helpers/documents.ts';
import { localNginx } from '../helpers/nginx.ts';
import { freePort, type Spawned, spawnServer, tinySite, until } from '../helpers/spawn.ts';
import { createPlayers, newKey, sign, tokenFor } from '../helpers/wallet.ts';
import { BANK } from '../server/payments/helpers.ts';
import { signUpForm } from '../server/accounts/helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const JWT_SECRET = randomBytes(32).toString('hex');
const WEBHOOK_SECRET = randomBytes(32).toString('hex');
const PLAYERS = 12;
const START_CENTS = 100_000;
/** Players who sign up during the load, deposit DEPOSIT_CENTS by webhook and withdraw WITHDRAWAL_CENTS at a time. */
const NEWCOMERS = 4;
const DEPOSIT_CENTS = 5_000;
const WITHDRAWAL_CENTS = 1_000;
const hasNginx = spawnSync('sh', ['-c', 'command -v nginx']).status === 0;

/** nginx with deploy/nginx/casino.conf, its upstream the two local processes. */
async function startNginx(site: string, ports: [number, number]): Promise<{ url: string; stop: () => void; child: ChildProcess }> {
  const port = await freePort();
  const main = localNginx({ upstreams: ports, listen: port, root: site });
  const child = spawn('nginx', ['-p', dirname(main), '-c', main], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${url}/api/health`).catch(() => undefined))?.status === 200, 15_000);
  return { url, child, stop: () => child.kill('SIGTERM') };
}

const SWEEPS = ['bonus-expiry', 'round-recovery', 'sports-feed'];

/** The schedules a process took, from its JSON log ("schedule runs here"). */
const leading = (server: Spawned) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"schedule runs here"'))
    .map((line) => (JSON.parse(line) as { schedule: string }).schedule);

/** A sportsbook page's socket on one process, and the updates it gets. */
function watchSports(url: string): { socket: Socket; updates: string[] } {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { sports: true }, forceNew: true });
  const updates: string[] = [];
  socket.on('sports_update', (update: unknown) => updates.push(JSON.stringify(update)));
  return { socket, updates };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL) && hasNginx)("two processes behind nginx, the feed's killed under load", () => {
  it('runs background work once, keeps every accepted bet, win, sign-up, webhook deposit and withdrawal exactly once, the ledger balanced, and the sockets pushed', async () => {
    const admin = process.env.TEST_DATABASE_URL as string;
    const name = `casino_cluster_${randomBytes(5).toString('hex')}`;
    const dbUrl = new URL(admin);
    dbUrl.pathname = `/${name}`;
    const sqlAdmin = postgres(admin, { max: 1, onnotice: () => {} });
    await sqlAdmin.unsafe(`CREATE DATABASE ${name}`);
    await sqlAdmin.end();

    const setup = await openDatabase({ database: { kind: 'postgres', url: dbUrl.toString(), poolSize: 2 } });
    // Rooms are named by player id and Redis is shared with other tests: ids of our own.
    await setup.db.execute(sql`select setval('players_id_seq', ${2_000_000_000 - Math.floor(Math.random() * 100_000_000)})`);
    const ids = await createPlayers(setup.db, PLAYERS, ['EUR', 'INR']);
    const wallet = createWallet(setup.db, noPushes);
    for (const id of ids) await wallet.deposit({ key: newKey('seed'), playerId: id, amount: START_CENTS, provider: 'card' });
    const tokens = await Promise.all(ids.map((id) => tokenFor({ database: setup, config: { jwtSecret: JWT_SECRET } }, id)));

    const ports: [number, number] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      JWT_SECRET,
      WEBHOOK_SECRET,
      SEED_DEMO: 'false',
      DIST_DIR: tinySite(),
      TRUSTED_PROXIES: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      // A season played fast: prices move every second.
      SPORTS_FEED: 'simulated',
      SPORTS_FEED_SPEED: '60',
      SPORTS_FEED_SPACING_MINUTES: '0.5',
    });
    const apps: Spawned[] = [await spawnServer(env(ports[0]), { startMs: 60_000 })];
    apps.push(await spawnServer(env(ports[1]), { startMs: 60_000 }));
    const nginx = await startNginx(tinySite(), ports);
    const sockets: Socket[] = [];
    const watchers = apps.map((app) => watchSports(app.url));
    try {
      // Each sweep and the feed are taken by exactly one of the two.
      const taken = () => apps.flatMap(leading);
      await until(() => SWEEPS.every((s) => taken().includes(s)), 20_000);
      for (const sweep of SWEEPS)
        expect(
          taken().filter((s) => s === sweep),
          sweep,
        ).toHaveLength(1);
      // The feed's news reaches the sockets of both processes, the same updates, each once.
      await until(() => watchers.every((w) => w.updates.length >= 3), 30_000);
      const first = watchers[0]?.updates.slice(0, 3) ?? [];
      await until(() => first.every((u) => watchers[1]?.updates.includes(u)), 5_000);
      for (const w of watchers) expect(new Set(w.updates).size).toBe(w.updates.length);

      // Each player's socket through nginx, reconnecting by itself as a browser's does.
      const pushes = new Map<number, number>(ids.map((id) => [id, 0]));
      for (const [i, id] of ids.entries()) {
        const socket = connect(nginx.url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: tokens[i] },
          reconnectionDelay: 200,
          reconnectionDelayMax: 1000,
        });
        socket.on(`update_balance_${id}`, () => pushes.set(id, (pushes.get(id) ?? 0) + 1));
        sockets.push(socket);
      }
      await until(() => sockets.every((s) => s.connected), 15_000);

      // Every call goes through nginx and is retried after a lost connection or a 5xx (each
      // counted), as studios, processors and players do; `headers` is asked again for each try
      // (a webhook's signature carries its time).
      let serverErrors = 0;
      let refusedConnections = 0;
      type Answer = { status: number; body: Record<string, unknown> };
      async function attempt(path: string, body: string, headers: Record<string, string>): Promise<Answer | undefined> {
        const response = await fetch(`${nginx.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).catch(
          () => undefined,
        );
        if (!response) refusedConnections++;
        else if (response.status >= 500) serverErrors++;
        else return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        await new Promise((r) => setTimeout(r, 100));
        return undefined;
      }
      async function untilAnswered(path: string, body: string, headers: () => Record<string, string> = () => ({})): Promise<Answer> {
        for (;;) {
          const answer = await attempt(path, body, headers());
          if (answer) return answer;
        }
      }
      // The studio's calls: each retried with its own id until it gets an answer.
      const accepted: { kind: 'bet' | 'win'; playerId: number; id: string; amount: number }[] = [];
      async function call(path: string, payload: Record<string, unknown>): Promise<{ status: number }> {
        const body = JSON.stringify(payload);
        return (await untilAnswered(`games/wallet/${path}`, body, () => ({ 'x-signature': sign(WEBHOOK_SECRET, body) }))).body as { status: number };
      }
      async function player(index: number, until: () => boolean): Promise<void> {
        const playerId = ids[index] as number;
        while (!until()) {
          const betId = newKey('bet');
          const stake = 1 + (index % 5);
          const bet = await call('bet', { playerId, transactionId: betId, amount: stake, gameId: 'dice', gameName: 'Dice', roundId: betId });
          if (bet.status !== 1) continue;
          accepted.push({ kind: 'bet', playerId, id: betId, amount: stake * 100 });
          if (Math.random() < 0.5) {
            const winId = newKey('win');
            const win = await call('win', { playerId, transactionId: winId, betTransactionId: betId, amount: stake * 2 });
            if (win.status === 1) accepted.push({ kind: 'win', playerId, id: winId, amount: stake * 200 });
          }
        }
      }

      // A newcomer's calls, as the site's pages make them: each retried after a 5xx or a lost
      // connection, as a player presses again. Sign-up and the withdrawal are not idempotent, so
      // the answer to a repeat tells what the first did (a name taken by oneself), and the
      // withdrawals are counted from both sides below.
      const newcomers: { username: string; id: number; credited: boolean; withdrawals: number; unanswered: number }[] = [];
      /** A page's call: as the logged-in newcomer (`token`), from the newcomer's address (`ip`). */
      const page = (token?: string, ip?: string) => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) });
      async function newcomer(index: number, until: () => boolean): Promise<void> {
        const ip = `198.51.100.${10 + index}`;
        const form = signUpForm({ ip_address: ip });
        const me = { username: form.username as string, id: 0, credited: false, withdrawals: 0, unanswered: 0 };
        newcomers.push(me);
        const signedUp = await untilAnswered('front/register_player', JSON.stringify(form), () => page(undefined, ip));
        // A repeat of a sign-up whose first answer was lost finds the name taken, by oneself.
        if (signedUp.body.status !== 1) expect(JSON.stringify(signedUp.body), me.username).toMatch(/username/);
        const login = await untilAnswered('front/auth/login/', JSON.stringify({ username: me.username, password: form.password, ip_address: '' }), () =>
          page(undefined, ip),
        );
        const token = login.body.accessToken as string;
        expect(token, JSON.stringify(login.body)).toBeTruthy();
        const [row] = await rows<{ id: number }>(setup.db, sql`select id from players where username = ${me.username}`);
        me.id = row?.id as number;
        // A deposit started, then credited by the processor's webhook, retried with the same event.
        const started = await untilAnswered('payment/get_payment_payop', JSON.stringify({ amount: DEPOSIT_CENTS / 100, paymentId: 3 }), () => page(token));
        const paymentId = Number(String(started.body.tx_id).replace('pay_', ''));
        const event = { id: `evt_${paymentId}_ok`, type: 'payment.succeeded', reference: paymentId, amount: DEPOSIT_CENTS, currency: 'EUR' } as const;
        const body = eventBody(event);
        const credited = await untilAnswered('payment/webhook/3', body, () => ({
          [SIGNATURE_HEADER]: signPayload(providerSecret(WEBHOOK_SECRET, 'sandbox-wallet'), body, Math.floor(Date.now() / 1000)),
        }));
        expect(credited.status).toBe(200);
        me.credited = true;
        // Staff have checked the documents; then withdrawals until the load ends.
        await markVerified(setup.db, me.id);
        while (!until() && me.withdrawals + me.unanswered < DEPOSIT_CENTS / WITHDRAWAL_CENTS - 1) {
          const answer = await attempt(
            'payment/send_withdrawal_request',
            JSON.stringify({ paymentId: 2, amount: WITHDRAWAL_CENTS / 100, bankForm: BANK }),
            page(token),
          );
          if (!answer) me.unanswered++;
          else if (answer.body.status === 1) me.withdrawals++;
          else expect.fail(`withdrawal refused: ${JSON.stringify(answer.body)}`);
        }
      }

      // Load for a while; in its middle the feed's process dies at once, and comes back on its port.
      const started = Date.now();
      const loadMs = 12_000;
      const load = Promise.all([
        ...ids.map((_, i) => player(i, () => Date.now() - started > loadMs)),
        ...Array.from({ length: NEWCOMERS }, (_, i) => newcomer(i, () => Date.now() - started > loadMs)),
      ]);
      await new Promise((r) => setTimeout(r, loadMs / 3));
      const k = leading(apps[0] as Spawned).includes('sports-feed') ? 0 : 1;
      const killed = apps[k] as Spawned;
      const survivor = apps[1 - k] as Spawned;
      killed.child.kill('SIGKILL');
      await killed.exited;
      const killedAt = Date.now();
      // The other process takes the feed over within 5 s, and its news goes on.
      await until(() => leading(survivor).includes('sports-feed'), 10_000, 50);
      const tookOver = Date.now() - killedAt;
      const survivorWatcher = watchers[1 - k] as { updates: string[] };
      const seen = survivorWatcher.updates.length;
      apps[k] = await spawnServer(env(ports[k] as number), { startMs: 60_000 });
      await load;
      await until(() => survivorWatcher.updates.length > seen, 15_000);
      console.log(`cluster: the sports feed taken over ${tookOver} ms after SIGKILL of its process`);
      expect(tookOver).toBeLessThan(5_000);
      console.log(
        `cluster: ${accepted.length} bets and wins accepted in ${((Date.now() - started) / 1000).toFixed(1)} s; ${serverErrors} 5xx answers and ${refusedConnections} failed connections while a process was killed and restarted`,
      );
      // Every 5xx was a request in flight on the killed process: a handful, never one per request.
      expect(serverErrors).toBeLessThan(PLAYERS * 2);

      // Exactly once: the ledger holds the accepted bets and wins and nothing else.
      const operations = await rows<{ kind: string; n: number }>(
        setup.db,
        sql`select kind, count(*)::int as n from wallet_operations where player_id = any(${sql.raw(`array[${ids.join(',')}]`)}) and outcome = 'accepted' group by kind`,
      );
      const count = (kind: string) => operations.find((o) => o.kind === kind)?.n ?? 0;
      expect(count('bet')).toBe(accepted.filter((a) => a.kind === 'bet').length);
      expect(count('win')).toBe(accepted.filter((a) => a.kind === 'win').length);
      for (const id of ids) {
        const expected =
          START_CENTS -
          accepted.filter((a) => a.playerId === id && a.kind === 'bet').reduce((s, a) => s + a.amount, 0) +
          accepted.filter((a) => a.playerId === id && a.kind === 'win').reduce((s, a) => s + a.amount, 0);
        const [row] = await rows<{ balance: string }>(setup.db, sql`select balance::text from wallet_accounts where player_id = ${id} and kind = 'real'`);
        expect(Number(row?.balance), `player ${id}`).toBe(expected);
      }
      // Each newcomer: credited once by the webhook, whatever its repeats, and holding what
      // the withdrawals left; those whose answer was lost happened at most once each.
      expect(newcomers).toHaveLength(NEWCOMERS);
      for (const me of newcomers) {
        expect(me.credited, me.username).toBe(true);
        const [credit] = await rows<{ n: number }>(
          setup.db,
          sql`select count(*)::int as n from wallet_operations where player_id = ${me.id} and kind = 'deposit' and outcome = 'accepted'`,
        );
        expect(credit?.n, me.username).toBe(1);
        const [asked] = await rows<{ n: number }>(
          setup.db,
          sql`select count(*)::int as n from payments where player_id = ${me.id} and direction = 'withdrawal'`,
        );
        expect(asked?.n, me.username).toBeGreaterThanOrEqual(me.withdrawals);
        expect(asked?.n, me.username).toBeLessThanOrEqual(me.withdrawals + me.unanswered);
        const [real] = await rows<{ balance: string }>(setup.db, sql`select balance::text from wallet_accounts where player_id = ${me.id} and kind = 'real'`);
        expect(Number(real?.balance), me.username).toBe(DEPOSIT_CENTS - WITHDRAWAL_CENTS * (asked?.n ?? 0));
      }
      console.log(
        `cluster: ${NEWCOMERS} newcomers signed up, credited once by webhook, and asked for ${newcomers.reduce((n, m) => n + m.withdrawals, 0)} withdrawals (${newcomers.reduce((n, m) => n + m.unanswered, 0)} unanswered)`,
      );
      const audit = await auditLedger(setup.db);
      expect(balancedPerCurrency(audit)).toBe(true);
      expect(audit.negativeAccounts).toEqual([]);

      // Every socket is back (those on the killed process reconnected through nginx) and gets its push.
      await until(() => sockets.every((s) => s.connected), 15_000);
      const before = new Map(pushes);
      for (const id of ids) {
        const betId = newKey('bet');
        expect((await call('bet', { playerId: id, transactionId: betId, amount: 1, gameId: 'dice', gameName: 'Dice', roundId: betId })).status).toBe(1);
      }
      await until(() => ids.every((id) => (pushes.get(id) ?? 0) > (before.get(id) ?? 0)), 15_000);
    } finally {
      for (const s of [...sockets, ...watchers.map((w) => w.socket)]) s.close();
      nginx.stop();
      await Promise.all(apps.map((a) => a.stop()));
      await setup.close();
      const cleanup = postgres(admin, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  }, 180_000);
});

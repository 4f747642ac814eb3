// Verification after the upload (PGlite and PostgreSQL): the sandbox verifier's outcomes
// by the rules a tester drives (the player's last name, a marker in a document), staff
// review through the admin calls with every action in the audit trail, the player told
// in their mail box, and a withdrawal refused until the identity is verified.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../../../src/server/db/schema/index.ts';
import { runKycCommand } from '../../../src/server/identity/cli.ts';
import { settleVerifications } from '../../../src/server/identity/service.ts';
import { walletOf } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { jpeg, pdf, uploadRequest } from '../../helpers/documents.ts';
import { newKey } from '../../helpers/wallet.ts';
import { type LoggedIn, logIn, register, uniqueIp } from '../accounts/helpers.ts';
import { BANK } from '../payments/helpers.ts';

let api: TestApi;
let dir: string;
let staff: LoggedIn;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'identity-'));
  api = await testApi({ IDENTITY_DIR: dir });
  staff = await logIn(api, 'admin', 'admin1234', uniqueIp());
});
afterAll(async () => {
  await settleVerifications(api.ctx);
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

interface View {
  status: string;
  reason: string | null;
  requested_kind: string | null;
  documents: { id: number; kind: string; status: string }[];
}

async function newPlayer(overrides: Record<string, unknown> = {}) {
  const form = await register(api, overrides);
  return logIn(api, form.username, form.password, uniqueIp());
}
const upload = async (token: string, kind: string, file: Uint8Array) =>
  (await (await uploadRequest(api.app, token, { kind, file })).json()) as Record<string, unknown>;
const view = async (token: string) => (await api.json<{ verification: View }>('front/get_verification', {}, { token })).body.verification;
const mailbox = async (token: string) =>
  (await api.json<{ playerMessages: { rows: { subject: string; text: string }[] } }>('front/get_player_messages', { page: 1, limit: 10 }, { token })).body
    .playerMessages.rows;

/** Uploads both documents and waits for the verifier. */
async function submit(p: LoggedIn, identity: Uint8Array = jpeg(), address: Uint8Array = pdf()): Promise<View> {
  expect(await upload(p.accessToken, 'identity', identity)).toMatchObject({ status: 1, verification: { status: 'unverified' } });
  expect(await upload(p.accessToken, 'address', address)).toMatchObject({ status: 1, verification: { status: 'pending' } });
  await settleVerifications(api.ctx);
  return view(p.accessToken);
}
const adminCall = (path: string, body: object) => api.json<Record<string, unknown>>(path, body, { token: staff.accessToken });

describe('the sandbox verifier', () => {
  it('approves a player with an ordinary name, and tells them in their mail box in their language', async () => {
    const p = await newPlayer({ last_name: 'Mustermann', interface_local: 'de' });
    const v = await submit(p);
    expect(v).toMatchObject({ status: 'verified', reason: null });
    expect(v.documents.map((d) => d.status)).toEqual(['approved', 'approved']);
    const [message] = await mailbox(p.accessToken);
    expect(message?.subject).toBe('Ihre Identitätsprüfung');
    expect(message?.text).toMatch(/bestätigt/);
    // Verified is final for uploads.
    expect(await upload(p.accessToken, 'identity', jpeg())).toMatchObject({ status: 0, message: 'already_verified' });
  });

  it('refuses by the last name Refuse, with a reason, and takes no more documents', async () => {
    const p = await newPlayer({ last_name: 'Refuse' });
    expect(await submit(p)).toMatchObject({ status: 'refused', reason: 'document_expired' });
    const [message] = await mailbox(p.accessToken);
    expect(message?.text).toMatch(/expired/);
    expect(await upload(p.accessToken, 'identity', jpeg())).toMatchObject({ status: 0, message: 'verification_refused' });
  });

  it('asks for another document by the last name Resubmit, and decides again when it comes', async () => {
    const p = await newPlayer({ last_name: 'Resubmit' });
    const asked = await submit(p);
    expect(asked).toMatchObject({ status: 'more_needed', reason: 'document_unreadable', requested_kind: 'identity' });
    expect(asked.documents.map((d) => [d.kind, d.status])).toEqual([
      ['address', 'approved'],
      ['identity', 'refused'],
    ]);
    expect((await mailbox(p.accessToken))[0]?.text).toMatch(/identity document/);
    // The new identity document goes to the verifier again; a marker in it approves.
    expect(await upload(p.accessToken, 'identity', jpeg('sandbox-kyc:approve'))).toMatchObject({ status: 1, verification: { status: 'pending' } });
    await settleVerifications(api.ctx);
    expect((await view(p.accessToken)).status).toBe('verified');
  });

  it('follows a marker in a document over the name', async () => {
    const p = await newPlayer({ last_name: 'Mustermann' });
    const v = await submit(p, jpeg(), pdf('sandbox-kyc:more:address:address_too_old'));
    expect(v).toMatchObject({ status: 'more_needed', reason: 'address_too_old', requested_kind: 'address' });
    const q = await newPlayer({ last_name: 'Mustermann' });
    expect(await submit(q, jpeg('sandbox-kyc:refuse:underage'))).toMatchObject({ status: 'refused', reason: 'underage' });
  });
});

describe('staff review', () => {
  it('lists players waiting, shows their documents, approves, refuses with a reason, asks for another; every action audited', async () => {
    const a = await newPlayer({ last_name: 'Review' });
    const b = await newPlayer({ last_name: 'Review' });
    const c = await newPlayer({ last_name: 'Review' });
    for (const p of [a, b, c]) expect((await submit(p)).status).toBe('pending');

    const pending = await adminCall('admin/get_pending_verifications', {});
    const waiting = (pending.body.players as { player_id: number; last_name: string }[]).map((r) => r.player_id);
    expect(waiting).toEqual(expect.arrayContaining([a.playerId, b.playerId, c.playerId]));

    const detail = await adminCall('admin/get_player_verification', { playerId: a.playerId });
    const docs = (detail.body.verification as View).documents;
    expect(docs.map((d) => d.kind).sort()).toEqual(['address', 'identity']);
    const file = await api.call('admin/get_identity_document', { id: docs[0]?.id }, { token: staff.accessToken });
    expect(file.status).toBe(200);

    expect((await adminCall('admin/approve_verification', { playerId: a.playerId })).body).toEqual({ status: 1, state: 'verified' });
    expect((await adminCall('admin/refuse_verification', { playerId: b.playerId, reason: 'name_mismatch' })).body).toEqual({ status: 1, state: 'refused' });
    expect((await adminCall('admin/request_identity_document', { playerId: c.playerId, kind: 'address', reason: 'address_too_old' })).body).toEqual({
      status: 1,
      state: 'more_needed',
    });
    // A decision on a player not waiting, a reason not in the list, a player that does not exist.
    expect((await adminCall('admin/approve_verification', { playerId: a.playerId })).body).toEqual({ status: 0, message: 'verification_not_pending' });
    expect((await adminCall('admin/refuse_verification', { playerId: c.playerId, reason: 'because' })).status).toBe(400);
    expect((await adminCall('admin/approve_verification', { playerId: 999_999 })).body).toEqual({ status: 0, message: 'player_not_found' });

    expect((await view(a.accessToken)).status).toBe('verified');
    expect(await view(b.accessToken)).toMatchObject({ status: 'refused', reason: 'name_mismatch' });
    expect(await view(c.accessToken)).toMatchObject({ status: 'more_needed', requested_kind: 'address', reason: 'address_too_old' });
    expect((await mailbox(b.accessToken))[0]?.text).toMatch(/does not match/);

    const trail = (await adminCall('admin/get_player_verification', { playerId: a.playerId })).body.audit as {
      staff_id: number | null;
      via: string;
      action: string;
      created_at: string;
    }[];
    expect(trail.map((r) => [r.action, r.via, r.staff_id])).toEqual([
      ['approve', 'api', staff.playerId],
      ['view_document', 'api', staff.playerId],
      ['review', 'verifier:sandbox', null],
    ]);
    for (const r of trail) expect(Date.parse(r.created_at)).toBeGreaterThan(0);
  });

  it('refuses every review call to a player token', async () => {
    const p = await newPlayer();
    for (const path of ['admin/get_pending_verifications', 'admin/approve_verification', 'admin/refuse_verification', 'admin/request_identity_document'])
      expect((await api.call(path, { playerId: p.playerId, reason: 'underage', kind: 'identity' }, { token: p.accessToken })).status).toBe(403);
  });
});

describe('npm run kyc', () => {
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runKycCommand(api.ctx, args, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  };

  it('lists, shows, saves a document, approves, refuses and asks for another, each audited as the terminal user', async () => {
    const a = await newPlayer({ last_name: 'Review' });
    // A name stored before the API refused control characters, or by any other way in.
    await api.ctx.database.db.update(players).set({ firstName: 'Eve\u001b[2J' }).where(eq(players.id, a.playerId));
    const b = await newPlayer({ last_name: 'Review' });
    const c = await newPlayer({ last_name: 'Review' });
    for (const p of [a, b, c]) await submit(p);
    const list = await run('list');
    expect(list.code).toBe(0);
    expect(list.out).toContain(`player #${a.playerId}`);
    // A name cannot drive the terminal.
    expect(list.out).not.toContain('\u001b');
    expect(list.out).toContain('Eve\\x1b[2J');

    const shown = await run('show', String(a.playerId));
    expect(shown.out).toMatch(new RegExp(`^Player #${a.playerId}: pending`));
    const docId = Number(/document #(\d+) {2}identity/.exec(shown.out)?.[1]);
    const target = join(dir, '..', `kyc-save-${docId}-${Date.now()}.jpg`);
    expect((await run('save', String(docId), target)).code).toBe(0);
    expect(readFileSync(target).equals(jpeg())).toBe(true);
    rmSync(target);

    expect(await run('approve', String(a.playerId))).toEqual({ code: 0, out: 'Done: verified.' });
    expect(await run('refuse', String(b.playerId), 'underage')).toEqual({ code: 0, out: 'Done: refused.' });
    expect(await run('request', String(c.playerId), 'address', 'address_too_old')).toEqual({ code: 0, out: 'Done: more_needed.' });
    expect(await run('approve', String(a.playerId))).toEqual({ code: 1, out: 'Refused: verification_not_pending.' });
    expect((await run('refuse', String(b.playerId), 'no reason')).code).toBe(2);
    expect((await run('approve', 'x')).code).toBe(2);

    const trail = (await adminCall('admin/get_player_verification', { playerId: a.playerId })).body.audit as { action: string; via: string }[];
    expect(trail.slice(0, 2).map((r) => [r.action, r.via.startsWith('cli:')])).toEqual([
      ['approve', true],
      ['view_document', true],
    ]);
  });
});

describe('npm run kyc -- country', () => {
  it('changes the registered country from the terminal, audited as the terminal user with the note, and refuses a code that is no country', async () => {
    const p = await newPlayer({ last_name: 'Review' });
    const lines: string[] = [];
    const run = (...args: string[]) => runKycCommand(api.ctx, args, (line) => lines.push(line));
    expect(await run('country', String(p.playerId), 'XX')).toBe(2);
    expect(await run('country', '2000000000', 'NL')).toBe(1);
    expect(await run('country', String(p.playerId), 'gb', 'passport', 'checked')).toBe(0);
    expect(lines.at(-1)).toBe(`Player #${p.playerId}: country DE → GB.`);
    const [row] = await api.ctx.database.db.select({ country: players.country }).from(players).where(eq(players.id, p.playerId));
    expect(row?.country).toBe('GB');
    const trail = (await adminCall('admin/get_player_verification', { playerId: p.playerId })).body.audit as { action: string; via: string; details: object }[];
    expect(trail[0]).toMatchObject({
      action: 'change_country',
      via: expect.stringMatching(/^cli:/),
      details: { from: 'DE', to: 'GB', note: 'passport checked' },
    });
  });
});

describe('withdrawals and verification (default profile)', () => {
  it('refuses a withdrawal before verification with verification_required, and takes it after', async () => {
    const p = await newPlayer({ last_name: 'Review' });
    expect((await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: p.playerId, amount: 100_00, provider: 'card' })).ok).toBe(true);
    const bankForm = { ...BANK, beneficiaryName: 'Erika Mustermann' };
    const withdraw = () => api.json('payment/send_withdrawal_request', { paymentId: 2, amount: '20.00', bankForm }, { token: p.accessToken });
    expect((await withdraw()).body).toEqual({ status: 0, message: 'verification_required' });
    // Real-money play stays open under the default profile.
    expect((await api.json('front/get_game_url', { game_code: 'lucky-dice', is_real: true }, { token: p.accessToken })).body).toMatchObject({ status: 1 });
    await submit(p);
    expect((await adminCall('admin/approve_verification', { playerId: p.playerId })).body).toMatchObject({ status: 1 });
    expect((await withdraw()).body).toMatchObject({ status: 1, result: { amount: 20 } });
  });
});

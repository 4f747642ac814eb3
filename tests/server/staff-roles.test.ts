// Staff roles (src/shared/staff-roles.ts): a staff account reaches only the areas of the
// staff calls its roles name; `owner` reaches all and alone manages staff. The database
// decides on every call, so a role taken away stops the next call of the same token.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client.ts';
import { identityAudit, players } from '../../src/server/db/schema/index.ts';
import { runSupportCommand } from '../../src/server/support/cli.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { enrolTotp, logIn, register, uniqueIp } from './accounts/helpers.ts';

let api: TestApi;
let owner: { accessToken: string; playerId: number };
beforeAll(async () => {
  api = await testApi();
  owner = await logIn(api, 'admin', 'admin1234', uniqueIp());
});
afterAll(() => api.close());

/** A new staff account holding `roles`, logged in through its authenticator app. */
async function staffWith(roles: string[]): Promise<{ accessToken: string; playerId: number; username: string }> {
  const form = await register(api);
  const username = form.username as string;
  const { secret } = await enrolTotp(api, (await logIn(api, username, form.password as string)).accessToken, form.password as string);
  await api.ctx.database.db
    .update(players)
    .set({ scope: ['player', 'admin', ...roles] })
    .where(eq(players.username, username));
  return { ...(await logIn(api, username, form.password as string, uniqueIp(), secret)), username };
}

/** The newest audit row of a change of the account's roles. */
async function lastRolesChange(playerId: number) {
  const [row] = await api.ctx.database.db
    .select()
    .from(identityAudit)
    .where(and(eq(identityAudit.playerId, playerId), eq(identityAudit.action, 'staff_roles')))
    .orderBy(desc(identityAudit.id))
    .limit(1);
  return row;
}

const call = (path: string, token: string, body: object = {}) => api.json<{ status: number; message?: string }>(path, body, { token });

/** One call of each area, answered 200 to whoever may make it. */
const AREA_CALLS = {
  content: 'admin/get_site_content',
  payments: 'admin/get_pending_withdrawals',
  support: 'admin/get_support_threads',
  identity: 'admin/get_pending_verifications',
  settings: 'admin/get_setting',
} as const;

describe('staff roles', () => {
  it('make every staff account of before the roles an owner (migration 0029), and leave players alone', async () => {
    const legacy = await staffWith([]);
    const form = await register(api);
    const [plain] = await api.ctx.database.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.username, form.username as string));
    await api.ctx.database.db.execute(sql.raw(readFileSync(join(migrationsFolder, '0029_staff_owner_role.sql'), 'utf8')));
    const scopes = await api.ctx.database.db
      .select({ id: players.id, scope: players.scope })
      .from(players)
      .where(inArray(players.id, [legacy.playerId, plain?.id as number]));
    expect(Object.fromEntries(scopes.map((r) => [r.id, r.scope]))).toEqual({
      [legacy.playerId]: ['player', 'admin', 'owner'],
      [plain?.id as number]: ['player'],
    });
    expect((await call(AREA_CALLS.payments, legacy.accessToken)).status).toBe(200);
    await api.ctx.database.db
      .update(players)
      .set({ scope: ['player'] })
      .where(eq(players.id, legacy.playerId));
  });

  it('let a content editor reach content and nothing else, not even the management of staff', async () => {
    const editor = await staffWith(['content']);
    for (const [area, path] of Object.entries(AREA_CALLS)) expect((await call(path, editor.accessToken)).status, path).toBe(area === 'content' ? 200 : 403);
    expect((await call('admin/set_staff_roles', editor.accessToken, { playerId: editor.playerId, roles: ['owner'] })).status).toBe(403);
    expect((await call('admin/send_staff_enrolment', editor.accessToken, { playerId: editor.playerId })).status).toBe(403);
    // A staff account with no role reaches nothing.
    const none = await staffWith([]);
    for (const path of Object.values(AREA_CALLS)) expect((await call(path, none.accessToken)).status, path).toBe(403);
  });

  it('put every staff call of the contract in an area: all but the management of staff answer a holder of every other role', async () => {
    const everything = await staffWith(['content', 'payments', 'support', 'identity', 'settings']);
    const admin = Object.keys(contract).filter((p) => p.startsWith('admin/'));
    expect(admin.length).toBeGreaterThan(20);
    for (const path of admin) {
      const status = (await api.call(path, {}, { token: everything.accessToken })).status;
      if (path === 'admin/set_staff_roles' || path === 'admin/send_staff_enrolment') expect(status, path).toBe(403);
      else expect(status, path).not.toBe(403);
    }
  });

  it('are set by an owner, answered and audited, and a role taken away stops the same token at once', async () => {
    const editor = await staffWith(['content']);
    expect((await call(AREA_CALLS.support, editor.accessToken)).status).toBe(403);
    const set = await call('admin/set_staff_roles', owner.accessToken, { playerId: editor.playerId, roles: ['support', 'content', 'support'] });
    expect(set).toEqual({ status: 200, body: { status: 1, roles: ['content', 'support'], previous: ['content'] } });
    expect((await call(AREA_CALLS.support, editor.accessToken)).status).toBe(200);
    const audit = await lastRolesChange(editor.playerId);
    expect(audit).toMatchObject({ staffId: owner.playerId, via: 'api', details: { previous: ['content'], roles: ['support', 'content'] } });

    expect((await call('admin/set_staff_roles', owner.accessToken, { playerId: editor.playerId, roles: ['support'] })).body).toMatchObject({
      status: 1,
      roles: ['support'],
    });
    expect((await call(AREA_CALLS.content, editor.accessToken)).status).toBe(403);
    const [row] = await api.ctx.database.db.select({ scope: players.scope }).from(players).where(eq(players.id, editor.playerId));
    expect(row?.scope).toEqual(['player', 'admin', 'support']);
  });

  it('refuse a player, an unknown account, a role that does not exist, no role, and the last owner giving up the role', async () => {
    const form = await register(api);
    const player = await logIn(api, form.username as string, form.password as string, uniqueIp());
    expect((await call('admin/set_staff_roles', owner.accessToken, { playerId: player.playerId, roles: ['content'] })).body).toEqual({
      status: 0,
      message: 'not_staff',
    });
    expect((await call('admin/set_staff_roles', owner.accessToken, { playerId: 2_000_000_000, roles: ['content'] })).body).toEqual({
      status: 0,
      message: 'player_not_found',
    });
    expect(await call('admin/set_staff_roles', owner.accessToken, { playerId: player.playerId, roles: ['god'] })).toMatchObject({ status: 400 });
    expect(await call('admin/set_staff_roles', owner.accessToken, { playerId: player.playerId, roles: [] })).toMatchObject({ status: 400 });
    const [scope] = await api.ctx.database.db.select({ scope: players.scope }).from(players).where(eq(players.id, player.playerId));
    expect(scope?.scope).toEqual(['player']);

    // The only owner keeps the role; with a second owner, either may step down.
    expect((await call('admin/set_staff_roles', owner.accessToken, { playerId: owner.playerId, roles: ['content'] })).body).toEqual({
      status: 0,
      message: 'last_owner',
    });
    const second = await staffWith(['owner']);
    expect((await call('admin/set_staff_roles', second.accessToken, { playerId: second.playerId, roles: ['payments'] })).body).toMatchObject({
      status: 1,
      roles: ['payments'],
      previous: ['owner'],
    });
    expect((await call('admin/set_staff_roles', second.accessToken, { playerId: owner.playerId, roles: ['content'] })).status).toBe(403);
  });

  it('are set at the command line too, audited as the command line', async () => {
    const editor = await staffWith(['content']);
    const lines: string[] = [];
    const run = (...args: string[]) => runSupportCommand(api.ctx, args, (l) => lines.push(l));
    expect(await run('roles', editor.username, 'content,identity')).toBe(0);
    expect(lines.at(-1)).toBe(`${editor.username}: content, identity (was content).`);
    expect((await call(AREA_CALLS.identity, editor.accessToken)).status).toBe(200);
    const audit = await lastRolesChange(editor.playerId);
    expect(audit?.staffId).toBeNull();
    expect(audit?.via).toMatch(/^cli:/);
    expect(await run('roles', editor.username, 'god')).toBe(2);
    expect(await run('roles', 'nobody_here_at_all', 'content')).toBe(1);
    expect(await run('roles', 'admin', 'content')).toBe(1);
    expect(lines.at(-1)).toBe('admin is the last owner: make another account an owner first.');
  });
});

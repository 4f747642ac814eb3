import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../src/server/db/schema/index.ts';
import { type TestApi, testApi } from '../helpers/app.ts';

describe('API conventions', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi({ BODY_LIMIT: '2048' });
  });
  afterAll(() => api.close());

  it('answers front/get_setting with the blacklists from the settings table', async () => {
    const market = { age_notice: false, guest_free_play: true };
    expect(await api.json('front/get_setting')).toEqual({ status: 200, body: { status: 1, setting: { country_black_list: [], ip_black_list: [] }, market } });
    await api.ctx.database.db.update(settings).set({ countryBlackList: ['us', ' FR'], ipBlackList: ['203.0.113.7'] });
    api.ctx.settings.invalidate();
    const { body } = await api.json('front/get_setting');
    expect(body).toEqual({ status: 1, setting: { country_black_list: ['US', 'FR'], ip_black_list: ['203.0.113.7'] }, market });
    // A visitor from Great Britain (the strict jurisdiction profile) gets the footer's 18+ notice and no guest free play.
    expect((await api.json('front/get_setting', {}, { ip: '212.58.244.20' })).body).toMatchObject({ market: { age_notice: true, guest_free_play: false } });
  });

  it('reports a healthy database on GET /api/health', async () => {
    const { status, body } = await api.json('health', undefined, { method: 'GET' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('refuses malformed JSON with 400 and a reason', async () => {
    expect(await api.json('front/validate_player_name', '{"username": ')).toEqual({ status: 400, body: { status: 0, message: 'invalid_json' } });
  });

  it('names each failing field when types are wrong or fields are missing', async () => {
    expect(await api.json('front/validate_player_name', { username: 42 })).toEqual({
      status: 400,
      body: { status: 0, message: 'validation_failed', errors: { username: 'invalid_value' } },
    });
    expect(await api.json('front/validate_player_name', {})).toEqual({
      status: 400,
      body: { status: 0, message: 'validation_failed', errors: { username: 'field_required' } },
    });
    expect((await api.json('front/validate_player_name', [1, 2])).status).toBe(400);
    expect((await api.json('front/validate_player_name', 'null')).status).toBe(400);
  });

  it('refuses a body over the size limit with 413', async () => {
    const { status, body } = await api.json('front/validate_player_name', { username: 'x'.repeat(5000) });
    expect(status).toBe(413);
    expect(body).toEqual({ status: 0, message: 'body_too_large' });
  });

  it('answers an unknown path with 404 JSON', async () => {
    expect(await api.json('front/no_such_call')).toEqual({ status: 404, body: { status: 0, message: 'not_found' } });
    expect((await api.json('front/get_setting', undefined, { method: 'GET' })).status).toBe(404);
  });

  it('answers an unexpected failure with 500 and a request id, and health with 503, when the database is gone', async () => {
    const broken = await testApi();
    await broken.ctx.database.close();
    const response = await broken.call('front/get_setting');
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(500);
    expect(body).toEqual({ status: 0, message: 'internal_error', requestId: response.headers.get('x-request-id') });
    expect(JSON.stringify(body)).not.toMatch(/at |\.ts:|stack/);
    const health = await broken.json('health', undefined, { method: 'GET' });
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', database: 'down' });
  });

  it('sends security headers and a request id with every reply', async () => {
    const response = await api.call('front/get_setting');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
  });

  it('tells whether a username is taken, whatever its case', async () => {
    expect((await api.json('front/validate_player_name', { username: 'DEMO' })).body).toEqual({ status: 0, message: 'username_duplicated' });
    expect((await api.json('front/validate_player_name', { username: 'somebody-new' })).body).toEqual({ status: 1 });
  });

  it('survives a sweep of hostile bodies without a single 500', async () => {
    const bodies = [
      '',
      ' ',
      'true',
      '"str"',
      '{"username":{"$gt":""}}',
      `{"username":"${"'; DROP TABLE players; --"}"}`,
      '{"__proto__":{"admin":true}}',
      '\u0000',
      '{"a":'.repeat(50),
    ];
    for (const body of bodies) {
      for (const path of ['front/get_setting', 'front/validate_player_name']) {
        const response = await api.call(path, body);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(response.headers.get('content-type')).toContain('application/json');
      }
    }
  });
});

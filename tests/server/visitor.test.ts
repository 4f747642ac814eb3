import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, testApi } from '../helpers/app.ts';
import { tokenFor } from '../helpers/wallet.ts';

describe('visitor address, country and blacklists', () => {
  let api: TestApi;
  let playerToken: string;
  let staffToken: string;
  beforeAll(async () => {
    api = await testApi({ TRUSTED_PROXIES: '10.0.0.0/8' });
    playerToken = await tokenFor(api.ctx, 1, ['player']);
    staffToken = await tokenFor(api.ctx, 2, ['player', 'admin']);
  });
  afterAll(() => api.close());

  it('tells the caller its own address', async () => {
    expect((await api.json('front/auth/get_ip', {}, { ip: '203.0.113.5' })).body).toEqual({ status: 1, ip: '203.0.113.5' });
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const spoofed = await api.json('front/auth/get_ip', {}, { ip: '203.0.113.5', headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(spoofed.body).toEqual({ status: 1, ip: '203.0.113.5' });
    const proxied = await api.json('front/auth/get_ip', {}, { ip: '10.1.1.1', headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(proxied.body).toEqual({ status: 1, ip: '8.8.8.8' });
  });

  it('looks up the country of an address offline', async () => {
    expect((await api.json('front/auth/get_ip_stack', { ip: '8.8.8.8' })).body).toEqual({ status: 1, data: { ip: '8.8.8.8', country_code: 'US' } });
    expect((await api.json('front/auth/get_ip_stack', { ip: '10.0.0.1' })).body).toEqual({ status: 1, data: { ip: '10.0.0.1', country_code: null } });
    expect(await api.json('front/auth/get_ip_stack', { ip: 'localhost; rm -rf /' })).toEqual({
      status: 400,
      body: { status: 0, message: 'validation_failed', errors: { ip: 'invalid_ip' } },
    });
  });

  it('lets staff change the blacklists and nobody else', async () => {
    const change = { country_black_list: ['us', 'FR'], ip_black_list: ['203.0.113.7'] };
    expect((await api.json('admin/update_setting', change)).status).toBe(401);
    expect((await api.json('admin/update_setting', change, { token: playerToken })).status).toBe(403);
    const forged = await tokenFor(api.ctx, 1, ['player', 'admin']);
    expect((await api.json('admin/update_setting', change, { token: forged })).status).toBe(403);
    const done = await api.json('admin/update_setting', change, { token: staffToken });
    expect(done.body).toMatchObject({ status: 1, setting: { country_black_list: ['US', 'FR'], ip_black_list: ['203.0.113.7'] } });
    expect((await api.json('front/get_setting')).body).toMatchObject({
      status: 1,
      setting: { country_black_list: ['US', 'FR'], ip_black_list: ['203.0.113.7'] },
    });
  });

  it('refuses a malformed blacklist without changing anything', async () => {
    const before = (await api.json('admin/get_setting', {}, { token: staffToken })).body;
    const bad = await api.json('admin/update_setting', { country_black_list: ['USA'], ip_black_list: ['1.2.3'] }, { token: staffToken });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { 'country_black_list.0': 'invalid_country', 'ip_black_list.0': 'invalid_ip' } });
    expect((await api.json('admin/get_setting', {}, { token: staffToken })).body).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import { createGate, gateLists } from '../../src/server/gate.ts';

const countries: Record<string, string> = { '198.51.100.1': 'US', '192.0.2.1': 'DE' };
const gateWith = (c: string[], ips: string[]) => createGate({ lists: () => gateLists(c, ips), countryOf: (ip) => countries[ip] });
const page = (path: string) => new Request(`https://casino.test${path}`);

describe('visitor gate', () => {
  it('sends a visitor from a blacklisted country to the restriction page of their locale', async () => {
    const gate = gateWith(['us'], []);
    const answer = await gate(page('/de/online-casino'), { ip: '198.51.100.1' });
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get('location')).toBe('/de/restriction');
    expect((await gate(page('/online-casino'), { ip: '198.51.100.1' }))?.headers.get('location')).toBe('/restriction');
  });

  it('blocks a blacklisted address by exact match only', async () => {
    const gate = gateWith([], ['192.0.2.1']);
    expect((await gate(page('/'), { ip: '192.0.2.1' }))?.status).toBe(302);
    expect(await gate(page('/'), { ip: '192.0.2.10' })).toBeUndefined();
    expect(await gate(page('/'), { ip: '2.0.2.1' })).toBeUndefined();
  });

  it('lets everybody else in, and always lets the restriction page and assets through', async () => {
    const gate = gateWith(['US'], ['192.0.2.1']);
    expect(await gate(page('/'), { ip: '192.0.2.99' })).toBeUndefined();
    expect(await gate(page('/fr/restriction'), { ip: '192.0.2.1' })).toBeUndefined();
    expect(await gate(page('/_astro/app.js'), { ip: '192.0.2.1' })).toBeUndefined();
  });

  it('prefers the country the edge platform resolved', async () => {
    const gate = gateWith(['FR'], []);
    expect((await gate(page('/'), { ip: '198.51.100.1', country: 'fr' }))?.status).toBe(302);
  });

  it('lets a visitor in when no address or country is known (fail-open)', async () => {
    expect(await gateWith(['US'], ['1.2.3.4'])(page('/'), {})).toBeUndefined();
  });
});

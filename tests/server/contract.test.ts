// The call contract and the Hono app name the same calls: every path of
// src/shared/contract has a route with its method, and every route under /api has an
// entry. A handler's reply is checked against its entry by the type checker (`satisfies`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Path } from '../../src/shared/contract/index.ts';
import { type TestApi, testApi } from '../helpers/app.ts';

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

/** `METHOD path` of each route under /api that answers a call (middleware is `ALL`). */
function appRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const { method, path } of api.app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/')) continue;
    routes.add(`${method} ${path.slice('/api/'.length)}`);
  }
  return routes;
}

const contractRoutes = () => new Set(Object.entries(contract).map(([path, entry]) => `${entry.method} ${path}`));

/**
 * Routes that are not calls of our own clients, so not in the contract: a payment
 * provider's signed webhook (its body is the provider's, read raw to check the signature)
 * and the sandbox providers' own pages and endpoints (they stand in for the provider).
 */
const NOT_CALLS = [/^POST payment\/webhook\/:processor$/, /^(GET|POST) sandbox\//];

/** A route with `:param` segments as a pattern over `METHOD path`. */
const patternOf = (route: string) => new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}$`);

/** Whether one of `routes` (some with `:param` segments) serves `METHOD path`. */
const served = (routes: Set<string>, call: string) => routes.has(call) || [...routes].some((r) => r.includes(':') && patternOf(r).test(call));

describe('the call contract', () => {
  it('has a route for every path, with the same method', () => {
    const routes = appRoutes();
    const missing = [...contractRoutes()].filter((r) => !served(routes, r));
    expect(missing).toEqual([]);
  });

  it('has an entry for every route under /api', () => {
    const entries = contractRoutes();
    const unlisted = [...appRoutes()].filter(
      (r) => !NOT_CALLS.some((n) => n.test(r)) && !entries.has(r) && !(r.includes(':') && [...entries].some((e) => patternOf(r).test(e))),
    );
    expect(unlisted).toEqual([]);
  });

  it('checks each call with a params schema', () => {
    for (const [path, entry] of Object.entries(contract) as [Path, (typeof contract)[Path]][]) {
      const schema = typeof entry.params === 'function' ? entry.params(8) : entry.params;
      expect(typeof schema.safeParse, path).toBe('function');
    }
  });

  it('refuses bad params of a contract call with the schema’s field errors', async () => {
    // The route parses with the contract's schema: what the schema refuses, the call refuses.
    const bad = { filterPeriod: 'not-a-period', page: 0 };
    const parsed = contract['front/get_bet_list'].params.safeParse(bad);
    expect(parsed.success).toBe(false);
    const { body: login } = await api.json<{ accessToken: string }>('front/auth/login', { username: 'demo', password: 'demo1234' });
    const { status, body } = await api.json<{ message: string; errors: Record<string, string> }>('front/get_bet_list', bad, { token: login.accessToken });
    expect(status).toBe(400);
    expect(body.message).toBe('validation_failed');
    expect(Object.keys(body.errors).sort()).toEqual(parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.path.join('.')))].sort());
  });
});

// Calls to the e2e server as a signed-in account. The server runs in its own process on
// its own database, so a test logs in through the API as a browser would: that starts a
// real login, whose `sid` the calls that change things check (a minted token has none).
// The seeded staff account has an authenticator app (staff calls need a second factor):
// its login answers the second step with codes of the development seed's known secret.
import { generate } from 'otplib';
import { DEMO_STAFF_TOTP_SECRET } from '../../src/server/demo/seed.ts';

const STEP_SECONDS = 30;

async function post(baseUrl: string, path: string, body: object): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

/**
 * The second step with the staff secret's codes. A code is good once, and test files log in
 * as staff side by side: the code of this step may be spent already, so the next step's
 * (which the server's ±1 step window takes) is tried, then the next step is waited for.
 */
async function staffSecondStep(baseUrl: string, firstTicket: string, login: () => Promise<string>): Promise<string> {
  let ticket = firstTicket;
  for (let round = 0; round < 3; round++) {
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [0, 1]) {
      const code = await generate({ secret: DEMO_STAFF_TOTP_SECRET, epoch: now + ahead * STEP_SECONDS });
      const step = await post(baseUrl, 'front/auth/second_factor', { ticket, method: 'totp', code });
      if (step.response.ok && typeof step.body.accessToken === 'string') return step.body.accessToken;
      if (step.body.message === 'login_ticket_expired') ticket = await login();
    }
    await new Promise((r) => setTimeout(r, (STEP_SECONDS - (Math.floor(Date.now() / 1000) % STEP_SECONDS) + 1) * 1000));
    ticket = await login();
  }
  throw new Error('staff second step: no code was taken');
}

/** An access token of a fresh login of `username` on the server at `baseUrl`. */
export async function apiLogin(baseUrl: string, username: string, password: string): Promise<string> {
  const passwordStep = async () => {
    const { response, body } = await post(baseUrl, 'front/auth/login/', { username, password });
    if (response.ok && typeof body.accessToken === 'string') return { token: body.accessToken };
    const ticket = (body.second_factor as { ticket?: string } | undefined)?.ticket;
    if (response.ok && ticket && username === STAFF.username) return { ticket };
    throw new Error(`login as ${username}: ${response.status} ${JSON.stringify(body)}`);
  };
  const first = await passwordStep();
  if (first.token) return first.token;
  return staffSecondStep(baseUrl, first.ticket as string, async () => (await passwordStep()).ticket as string);
}

/** POSTs a contract call as `username` and returns its reply (any status). */
export async function callAs(baseUrl: string, account: { username: string; password: string }, path: string, body: object = {}): Promise<Response> {
  const token = await apiLogin(baseUrl, account.username, account.password);
  return fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

/** The seeded accounts (development seed, on in the e2e server). */
export const DEMO = { username: 'demo', password: 'demo1234' } as const;
export const STAFF = { username: 'admin', password: 'admin1234' } as const;

// One staff login per test file and server: a login costs a code, and codes come one per 30 s.
const staffTokens = new Map<string, Promise<string>>();

/** Calls an admin API of the e2e server as the seeded staff account; throws unless it answers 2xx. */
export async function asStaff(baseUrl: string, path: string, body: object): Promise<Record<string, unknown>> {
  let token = staffTokens.get(baseUrl);
  if (!token) {
    token = apiLogin(baseUrl, STAFF.username, STAFF.password);
    staffTokens.set(baseUrl, token);
    token.catch(() => staffTokens.delete(baseUrl));
  }
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

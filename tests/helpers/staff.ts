import { issueAccessToken } from '../../src/server/auth/tokens.ts';

/** Calls an admin API of the e2e server as the seeded staff account (player 2). */
export async function asStaff(baseUrl: string, jwtSecret: string, path: string, body: object): Promise<Record<string, unknown>> {
  const token = await issueAccessToken(jwtSecret, { playerId: 2, scope: ['player', 'admin'] });
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

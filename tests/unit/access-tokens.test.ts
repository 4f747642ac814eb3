// Access tokens checked once are remembered (a player's calls carry one token for its
// life): what is remembered must never let through what jose would refuse.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, verifyAccessToken } from '../../src/server/auth/tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

afterEach(() => {
  vi.useRealTimers();
});

describe('remembered access tokens', () => {
  it('answer the same claims again, and nothing once the token has expired', async () => {
    vi.useFakeTimers({ now: Date.UTC(2031, 0, 1, 12, 0), toFake: ['Date'] });
    const token = await issueAccessToken(
      SECRET,
      { playerId: 42, scope: ['player'], sessionId: '4b0f6a59-3c1e-4c1c-9a57-1f2d3c4b5a69' },
      Math.floor(Date.now() / 1000),
    );
    const first = await verifyAccessToken(SECRET, token);
    expect(first).toEqual({ playerId: 42, scope: ['player'], sessionId: '4b0f6a59-3c1e-4c1c-9a57-1f2d3c4b5a69' });
    expect(await verifyAccessToken(SECRET, token)).toEqual(first);
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect(await verifyAccessToken(SECRET, token)).toEqual(first);
    vi.setSystemTime(Date.now() + 1000);
    expect(await verifyAccessToken(SECRET, token)).toBeUndefined();
  });

  it('are the exact token under the exact secret: a changed signature or another secret is checked afresh and refused', async () => {
    const token = await issueAccessToken(SECRET, { playerId: 7, scope: ['player'] });
    expect(await verifyAccessToken(SECRET, token)).toMatchObject({ playerId: 7 });
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await verifyAccessToken(SECRET, `${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeUndefined();
    expect(await verifyAccessToken(`${SECRET}-rotated`, token)).toBeUndefined();
  });
});

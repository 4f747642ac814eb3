// The player's balances (SPEC's balanceInfo): from the session at login, from
// front/get_player_balance on each page, and live from the socket after every
// committed change. socket.io-client loads only for logged-in players.
import { atom, onMount } from 'nanostores';
import { call, getAccessToken } from '../lib/api.ts';
import type { BalanceInfo } from '../shared/api.ts';
import type { DepositResultPush } from '../shared/payments.ts';
import { $session } from './session.ts';

export const $balance = atom<BalanceInfo | null>(null);
/** The last `deposit_result` push on this player's socket (api-contract §15.5): the Deposit tab announces it. */
export const $depositResult = atom<DepositResultPush | null>(null);

let socket: { disconnect(): void } | undefined;
let socketFor: number | undefined;

function pick(b: BalanceInfo): BalanceInfo {
  return {
    currency: b.currency,
    total_balance: b.total_balance,
    real_balance: b.real_balance,
    bonus_balance: b.bonus_balance,
    locked_balance: b.locked_balance,
  };
}

/** Asks the server for the current balance of the logged-in player. */
export async function refreshBalance(): Promise<void> {
  const reply = await call('front/get_player_balance');
  if (reply.status === 1) $balance.set(pick(reply.player));
}

async function connect(playerId: number): Promise<void> {
  if (socketFor === playerId) return;
  socket?.disconnect();
  socketFor = playerId;
  const { io } = await import('socket.io-client');
  // The server puts this socket in the token's own room; it never chooses one itself.
  const s = io({ path: '/socket.io', transports: ['websocket'], auth: (cb) => cb({ token: getAccessToken() ?? '' }) });
  s.on(`update_balance_${playerId}`, (balance: BalanceInfo) => $balance.set(pick(balance)));
  s.on(`deposit_result_${playerId}`, (result: DepositResultPush) => $depositResult.set(result));
  // A change committed before the socket was in its room (or while it was away) sent its
  // push to nobody: ask once the socket is connected, on every (re)connection.
  s.on('connect', () => {
    refreshBalance().catch(() => {});
  });
  socket = s;
}

onMount($balance, () => {
  if (typeof window === 'undefined') return;
  return $session.subscribe(({ user }) => {
    if (!user) {
      socket?.disconnect();
      socket = undefined;
      socketFor = undefined;
      $balance.set(null);
      return;
    }
    $balance.set(pick(user));
    void connect(user.id);
  });
});

// `npm run payments -- …`: the cashier desk from a terminal, and the sandbox chain
// (`confirm`) in development. The same functions as the staff calls; each action audited.
import { userInfo } from 'node:os';
import { toCents } from '../../shared/money.ts';
import { forTerminal } from '../support/cli.ts';
import type { ServerContext } from '../context.ts';
import {
  approveWithdrawal,
  changeProcessor,
  heldDeposits,
  pendingWithdrawals,
  playerPayments,
  refundDeposit,
  rejectWithdrawal,
  releaseHeldDeposit,
  returnHeldDeposit,
} from './desk.ts';
import type { Staff } from './audit.ts';
import { allProcessors } from './processors.ts';
import { confirmOnChain } from './sandbox/crypto.ts';

export const USAGE = `Usage:
  npm run payments -- list                         pending and approved withdrawals
  npm run payments -- player <player id>           a player's deposits and withdrawals
  npm run payments -- approve <payment id>         pay a withdrawal out (the provider's webhook completes it)
  npm run payments -- reject <payment id> [reason] refuse a withdrawal: the money goes back to the player
  npm run payments -- refund <payment id>          give a completed deposit back
  npm run payments -- held                         deposits held for passing their processor's daily limit
  npm run payments -- release <payment id>         credit a held deposit all the same
  npm run payments -- return <payment id>          a held deposit goes back to the payer (nothing was credited)
  npm run payments -- processors                   every processor with its state and limits
  npm run payments -- enable|disable <processor id>
  npm run payments -- limits <processor id> <currency> <min deposit> <max deposit> <daily limit>   (amounts like 10.00; - for none)
  npm run payments -- fee <processor id> <basis points> [fixed cents]
  npm run payments -- confirm <address> <amount> [coin]   the sandbox chain confirms a crypto transfer (development)`;

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
const positiveId = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

export async function runPaymentsCommand(ctx: ServerContext, args: string[], write: (line: string) => void): Promise<number> {
  const say = (line: string) => write(forTerminal(line));
  const who: Staff = { staffId: null, via: `cli:${userInfo().username}` };
  const [command, ...rest] = args;
  const done = (r: { ok: true; status: string } | { ok: false; message: string }) => {
    say(r.ok ? `Done: ${r.status}.` : `Refused: ${r.message}.`);
    return r.ok ? 0 : 1;
  };
  if (command === 'list') {
    const rows = await pendingWithdrawals(ctx);
    if (rows.length === 0) say('No withdrawals are waiting.');
    for (const p of rows)
      say(
        `#${p.id}  player #${p.playerId}  ${money(p.amount, p.currency).padStart(14)}  ${p.status.padEnd(8)}  ${p.createdAt.toISOString().slice(0, 16).replace('T', ' ')}  ${JSON.stringify(p.details)}`,
      );
    return 0;
  }
  if (command === 'held') {
    const rows = await heldDeposits(ctx);
    if (rows.length === 0) say('No deposits are held.');
    for (const p of rows)
      say(
        `#${p.id}  player #${p.playerId}  ${money(p.amount, p.currency).padStart(14)}  processor ${p.processorId}  ${p.createdAt.toISOString().slice(0, 16).replace('T', ' ')}`,
      );
    return 0;
  }
  if (command === 'processors') {
    for (const p of await allProcessors(ctx.database.db)) {
      const limits = Object.entries(p.limits)
        .map(
          ([c, l]) =>
            `${c} ${l.min_deposit / 100}–${l.max_deposit === null ? '∞' : l.max_deposit / 100}/day ${l.daily_limit === null ? '∞' : l.daily_limit / 100}`,
        )
        .join('; ');
      say(`${String(p.id).padStart(3)}  ${p.enabled ? 'on ' : 'off'}  ${p.name.padEnd(26)} ${p.kind.padEnd(7)} fee ${p.feeBp / 100}%  ${limits}`);
    }
    return 0;
  }
  if (command === 'confirm') {
    const [address, amountText, coin] = rest;
    const amount = amountText ? toCents(amountText) : undefined;
    if (!address || !amount) {
      write(USAGE);
      return 2;
    }
    const r = await confirmOnChain(ctx, address, amount, coin);
    say(r.status === 200 ? `Confirmed: ${JSON.stringify(r.body)}` : `Refused: ${JSON.stringify(r.body)}`);
    return r.status === 200 ? 0 : 1;
  }
  const id = positiveId(rest[0]);
  if (id === undefined) {
    write(USAGE);
    return 2;
  }
  switch (command) {
    case 'player': {
      const rows = await playerPayments(ctx, id);
      if (rows.length === 0) say(`Player #${id} has no payments.`);
      for (const p of rows)
        say(
          `#${p.id}  ${p.direction.padEnd(10)} ${money(p.amount, p.currency).padStart(14)}  ${p.status.padEnd(9)} ${p.reason ?? ''}  processor ${p.processorId}  ${p.createdAt.toISOString().slice(0, 16).replace('T', ' ')}`,
        );
      return 0;
    }
    case 'approve':
      return done(await approveWithdrawal(ctx, who, id));
    case 'reject':
      return done(await rejectWithdrawal(ctx, who, id, rest.slice(1).join(' ').slice(0, 200)));
    case 'refund':
      return done(await refundDeposit(ctx, who, id));
    case 'release':
      return done(await releaseHeldDeposit(ctx, who, id));
    case 'return':
      return done(await returnHeldDeposit(ctx, who, id));
    case 'enable':
    case 'disable':
      return done(await changeProcessor(ctx, who, id, { enabled: command === 'enable' }));
    case 'fee': {
      const bp = Number(rest[1]);
      const fixed = rest[2] === undefined ? undefined : Number(rest[2]);
      if (!Number.isInteger(bp) || bp < 0 || bp > 10_000 || (fixed !== undefined && (!Number.isInteger(fixed) || fixed < 0))) {
        write(USAGE);
        return 2;
      }
      return done(await changeProcessor(ctx, who, id, { feeBp: bp, feeFixed: fixed }));
    }
    case 'limits': {
      const [currency, min, max, daily] = rest.slice(1);
      const cents = (v: string | undefined) => (v === '-' ? null : v === undefined ? undefined : toCents(v));
      const minC = cents(min);
      if (!currency || !/^[A-Z]{3}$/.test(currency) || !minC) {
        write(USAGE);
        return 2;
      }
      return done(
        await changeProcessor(ctx, who, id, { currency, limits: { min_deposit: minC, max_deposit: cents(max) ?? null, daily_limit: cents(daily) ?? null } }),
      );
    }
    default:
      write(USAGE);
      return 2;
  }
}

// `npm run providers -- …`: the outside game providers of the seamless wallet from a
// terminal. The same functions any staff tool would call; each change audited in
// wallet_provider_audit with the operating-system user who ran it.
import { userInfo } from 'node:os';
import { dateOf } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import { forTerminal } from '../support/cli.ts';
import { createProvider, DEFAULT_GRACE_HOURS, type IssuedKey, listProviders, rotateKey, setCurrencies, setEnabled } from './providers.ts';
import { SANDBOX_PROVIDER } from './sandbox.ts';

export const USAGE = `Usage:
  npm run providers -- list                                      every provider, its state, currencies and good keys
  npm run providers -- create <code> <label slug> <currencies> <launch path> <name…>
                                                                 a provider for the catalogue label's games (currencies like EUR,INR);
                                                                 prints its key id and secret, once
  npm run providers -- rotate <code> [grace hours]               a new key; the old one stays good for the grace period (default ${DEFAULT_GRACE_HOURS}, 0: at once)
  npm run providers -- enable|disable <code>
  npm run providers -- currencies <code> <currencies>`;

function issued(say: (line: string) => void, k: IssuedKey): void {
  say(`Provider ${k.provider.code} (#${k.provider.id})`);
  say(`  key id:  ${k.keyId}`);
  say(`  secret:  ${k.secret}`);
  say('  The secret is shown this once; it is stored sealed and cannot be read back.');
  if (k.previousRetiresAt) say(`  The previous key stays good until ${k.previousRetiresAt.toISOString()}.`);
}

export async function runProvidersCommand(ctx: ServerContext, args: string[], write: (line: string) => void): Promise<number> {
  const say = (line: string) => write(forTerminal(line));
  const via = `cli:${userInfo().username}`;
  const [command, code, ...rest] = args;
  const refused = (why: string) => {
    say(`Refused: ${why}.`);
    return 1;
  };
  if (command === 'list') {
    const rows = await listProviders(ctx.database.db, dateOf(ctx.clock));
    if (rows.length === 0) say('No providers.');
    for (const p of rows) {
      const keys = p.keys.map((k) => (k.retiresAt ? `${k.keyId} (until ${k.retiresAt.toISOString()})` : k.keyId)).join(', ');
      say(
        `#${p.id}  ${p.enabled ? 'on ' : 'off'}  ${p.code.padEnd(16)} ${p.name.padEnd(22)} games of ${p.label}  ${p.currencies.join(',')}  ${p.launchUrl}  keys: ${keys || 'none'}`,
      );
    }
    return 0;
  }
  if (!code) {
    write(USAGE);
    return 2;
  }
  switch (command) {
    case 'create': {
      const [label, currencies, launchUrl, ...name] = rest;
      if (!label || !currencies || !launchUrl || name.length === 0) {
        write(USAGE);
        return 2;
      }
      const r = await createProvider(ctx, { code, name: name.join(' '), gameProvider: label, currencies: currencies.split(','), launchUrl }, via);
      if (!r.ok) return refused(r.code);
      issued(say, r.issued);
      return 0;
    }
    case 'rotate': {
      // Its key is derived from WEBHOOK_SECRET and re-sealed at every start: rotating that rotates it.
      if (code === SANDBOX_PROVIDER.code) return refused('the sandbox studio’s key follows WEBHOOK_SECRET; rotate that instead');
      const grace = rest[0] === undefined ? DEFAULT_GRACE_HOURS : Number(rest[0]);
      const r = await rotateKey(ctx, code, grace, via);
      if (!r.ok) return refused(r.code);
      issued(say, r.issued);
      return 0;
    }
    case 'enable':
    case 'disable': {
      const r = await setEnabled(ctx, code, command === 'enable', via);
      if (!r.ok) return refused(r.code);
      say(`Done: ${code} ${command}d.`);
      return 0;
    }
    case 'currencies': {
      if (!rest[0]) {
        write(USAGE);
        return 2;
      }
      const r = await setCurrencies(ctx, code, rest[0].split(','), via);
      if (!r.ok) return refused(r.code);
      say(`Done: ${code} takes ${r.currencies.join(', ')}.`);
      return 0;
    }
    default:
      write(USAGE);
      return 2;
  }
}

// `npm run kyc -- …`: the identity review desk from a terminal. The same functions as the
// staff calls; every action audited as `cli:<os user>`. What players typed (names) is
// printed through forTerminal, so no name can drive the terminal.
import { writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { DOCUMENT_KINDS, type DocumentKind, VERIFICATION_REASONS, type VerificationReason } from '../../shared/identity.ts';
import type { ServerContext } from '../context.ts';
import { forTerminal } from '../support/cli.ts';
import { country } from '../../shared/schemas/player.ts';
import { type Actor, changeCountry, type DecisionResult, decide, documentForStaff, pendingVerifications, playerVerification } from './service.ts';

export const USAGE = `Usage:
  npm run kyc -- list                                   players whose documents wait for a decision
  npm run kyc -- show <player id>                       a player's status, documents and audit trail
  npm run kyc -- save <document id> <file>              write a document to a file to look at it
  npm run kyc -- approve <player id>                    verify the player
  npm run kyc -- refuse <player id> <reason>            refuse the verification
  npm run kyc -- request <player id> identity|address <reason>   ask for another document
  npm run kyc -- country <player id> <country code> ["note"]     change the registered country (the market's rules)
Reasons: ${VERIFICATION_REASONS.join(', ')}`;

const positiveId = (v: string | undefined) => (v && /^\d{1,12}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
const isReason = (v: string | undefined): v is VerificationReason => VERIFICATION_REASONS.includes(v as VerificationReason);
const isKind = (v: string | undefined): v is DocumentKind => DOCUMENT_KINDS.includes(v as DocumentKind);
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export async function runKycCommand(ctx: ServerContext, args: string[], write: (line: string) => void): Promise<number> {
  const say = (line: string) => write(forTerminal(line));
  const who: Actor = { staffId: null, via: `cli:${userInfo().username}` };
  const [command, ...rest] = args;
  const done = (r: DecisionResult) => {
    say(r.ok ? `Done: ${r.status}.` : `Refused: ${r.message}.`);
    return r.ok ? 0 : 1;
  };
  const usage = () => {
    write(USAGE);
    return 2;
  };
  if (command === 'list') {
    const rows = await pendingVerifications(ctx);
    if (rows.length === 0) say('No verification is waiting.');
    for (const r of rows) say(`player #${r.player_id}  ${r.username}  ${r.first_name} ${r.last_name}  ${r.country}  waiting since ${when(r.updated_at)}`);
    return 0;
  }
  const id = positiveId(rest[0]);
  if (id === undefined) return usage();
  switch (command) {
    case 'show': {
      const found = await playerVerification(ctx, id);
      if (!found) {
        say(`Player #${id} does not exist.`);
        return 1;
      }
      const v = found.verification;
      say(`Player #${id}: ${v.status}${v.reason ? ` (${v.reason})` : ''}${v.requested_kind ? `, another ${v.requested_kind} asked for` : ''}`);
      for (const d of v.documents)
        say(
          `  document #${d.id}  ${d.kind.padEnd(8)}  ${d.mime.padEnd(15)}  ${String(d.size).padStart(8)} bytes  ${d.status.padEnd(8)}  ${when(d.created_at)}`,
        );
      for (const a of found.audit)
        say(`  ${when(a.created_at)}  ${a.action.padEnd(16)}  ${a.via}${a.staff_id ? ` #${a.staff_id}` : ''}  ${JSON.stringify(a.details)}`);
      return 0;
    }
    case 'save': {
      const target = rest[1];
      if (!target) return usage();
      const doc = await documentForStaff(ctx, who, id);
      if (!doc) {
        say(`Document #${id} does not exist.`);
        return 1;
      }
      // `wx`: never over an existing file.
      await writeFile(target, doc.bytes, { flag: 'wx', mode: 0o600 });
      say(`Saved document #${id} of player #${doc.playerId} (${doc.mime}, ${doc.bytes.length} bytes) to ${target}.`);
      return 0;
    }
    case 'approve':
      return done(await decide(ctx, who, id, { outcome: 'approve' }));
    case 'refuse':
      return isReason(rest[1]) ? done(await decide(ctx, who, id, { outcome: 'refuse', reason: rest[1] })) : usage();
    case 'request':
      return isKind(rest[1]) && isReason(rest[2]) ? done(await decide(ctx, who, id, { outcome: 'more', kind: rest[1], reason: rest[2] })) : usage();
    case 'country': {
      const code = country.safeParse(rest[1] ?? '');
      if (!code.success) return usage();
      const changed = await changeCountry(ctx, who, id, code.data, rest.slice(2).join(' ').trim() || undefined);
      if (!changed.ok) {
        say(`Player #${id} does not exist.`);
        return 1;
      }
      say(`Player #${id}: country ${changed.previous} → ${changed.country}.`);
      return 0;
    }
    default:
      return usage();
  }
}

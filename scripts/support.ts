// `npm run support -- list|show|reply …`: the support inbox from a terminal (see
// scripts/command.ts for the database it opens).
import { runSupportCommand } from '../src/server/support/cli.ts';
import { runCommand } from './command.ts';

await runCommand(runSupportCommand);

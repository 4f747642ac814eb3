// `npm run payments -- …`: the cashier desk from a terminal (see scripts/command.ts for the
// database it opens).
import { runPaymentsCommand } from '../src/server/payments/cli.ts';
import { runCommand } from './command.ts';

await runCommand(runPaymentsCommand);

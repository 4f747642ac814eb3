// `npm run kyc -- …`: the identity review desk from a terminal (see scripts/command.ts for
// the database it opens).
import { runKycCommand } from '../src/server/identity/cli.ts';
import { runCommand } from './command.ts';

await runCommand(runKycCommand);

// `npm run providers -- …`: the seamless wallet's outside game providers (see scripts/command.ts
// for the database it opens).
import { runProvidersCommand } from '../src/server/seamless/cli.ts';
import { runCommand } from './command.ts';

await runCommand(runProvidersCommand);

// The call contract: every path under /api, the schema its params are checked with and
// the type of its reply. The server's handlers check their replies against it
// (`satisfies Reply<'front/get_bet_list'>`), the browser's `call()` takes its types from
// it, and tests/server/contract.test.ts proves that every path has a route and every
// route a path. A new domain is one file here, spread in below.
import { account } from './account.ts';
import { admin } from './admin.ts';
import { auth } from './auth.ts';
import { content } from './content.ts';
import type { ParamsOfEntry, ReplyOfEntry } from './define.ts';
import { fairness } from './fairness.ts';
import { games } from './games.ts';
import { identity } from './identity.ts';
import { live } from './live.ts';
import { payments } from './payments.ts';
import { protection } from './protection.ts';
import { seamless } from './seamless.ts';
import { security } from './security.ts';
import { site } from './site.ts';
import { sports } from './sports.ts';
import { support } from './support.ts';
import { wallet } from './wallet.ts';

export const contract = {
  ...site,
  ...auth,
  ...account,
  ...wallet,
  ...content,
  ...games,
  ...fairness,
  ...live,
  ...support,
  ...payments,
  ...protection,
  ...security,
  ...identity,
  ...sports,
  ...seamless,
  ...admin,
};

export type Contract = typeof contract;
/** A call path, relative to /api: `front/get_bet_list`. */
export type Path = keyof Contract;
/** The paths the browser POSTs. */
export type PostPath = { [P in Path]: Contract[P]['method'] extends 'POST' ? P : never }[Path];
/** The paths read with GET. */
export type GetPath = Exclude<Path, PostPath>;
/** The params a client sends to `P` (the schema's input). */
export type Params<P extends Path> = ParamsOfEntry<Contract[P]>;
/** What `P` answers with a 2xx status. */
export type Reply<P extends Path> = ReplyOfEntry<Contract[P]>;

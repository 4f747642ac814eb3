import type { Reply } from '../../../shared/contract/index.ts';
import { Hono } from 'hono';
import { validatePlayerNameParams } from '../../../shared/schemas/player.ts';
import { usernameRefusal } from '../../auth/players.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, parseBody } from '../../http.ts';

export function playerRoutes({ database }: ServerContext) {
  return new Hono<AppEnv>().post('/validate_player_name', async (c) => {
    const { username } = await parseBody(c, validatePlayerNameParams);
    // status 0 means "not this one", as the contract's sign-up form reads it; `message` says
    // why (taken, or a mix of scripts), the same answer registration would give.
    const refused = await usernameRefusal(database.db, username);
    return c.json((refused ? { status: 0, message: refused } : { status: 1 }) satisfies Reply<'front/validate_player_name'>);
  });
}

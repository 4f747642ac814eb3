import { Hono } from 'hono';
import { validatePlayerNameParams } from '../../../shared/schemas/player.ts';
import { isUsernameTaken } from '../../auth/players.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, parseBody } from '../../http.ts';

export function playerRoutes({ database }: ServerContext) {
  return new Hono<AppEnv>().post('/validate_player_name', async (c) => {
    const { username } = await parseBody(c, validatePlayerNameParams);
    // status 0 means taken, as the contract's sign-up form reads it.
    return c.json({ status: (await isUsernameTaken(database.db, username)) ? 0 : 1 });
  });
}

import { z } from './common.ts';

/** Usernames: letters, digits, dot, dash and underscore; 3 to 30 of them. */
export const username = z
  .string()
  .trim()
  .min(1, 'field_required')
  .max(30, 'username_too_long')
  .regex(/^[\p{L}\p{N}._-]*$/u, 'username_invalid');

export const validatePlayerNameParams = z.object({ username }).loose();

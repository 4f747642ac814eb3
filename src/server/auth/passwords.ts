import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, two passes, one lane. The package's `Algorithm`
// is a const enum that erasable TypeScript cannot read; 2 is its Argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id hash of the password, salt included. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Whether the password matches the hash; false for a malformed hash rather than an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

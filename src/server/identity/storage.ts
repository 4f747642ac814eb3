// Documents on disk: one file per document in the configured directory (outside the web
// root, which config.ts checks), under a random name the server made. Nothing a client
// sent becomes part of a path; a stored name is checked against that shape before use.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|pdf)$/;

/** Writes `bytes` under a new random name (never over an existing file) and returns the name. */
export async function storeDocument(dir: string, bytes: Uint8Array, extension: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  if (!STORED_NAME.test(name)) throw new Error(`unexpected extension ${extension}`);
  await writeFile(join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
  return name;
}

/** The stored document's bytes. */
export function readDocument(dir: string, name: string): Promise<Buffer> {
  if (!STORED_NAME.test(name)) throw new Error('not a stored document name');
  return readFile(join(dir, name));
}

/** Removes a file written for an upload that did not get its row. */
export async function discardDocument(dir: string, name: string): Promise<void> {
  if (!STORED_NAME.test(name)) return;
  await unlink(join(dir, name)).catch(() => {});
}

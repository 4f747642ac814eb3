// Small, structurally whole documents of each accepted type, made in code (no binary
// fixtures in the repository), and the upload as a browser sends it: multipart with a file.
import { crc32, deflateSync } from 'node:zlib';
import type { Executor } from '../../src/server/db/client.ts';
import { identityVerifications } from '../../src/server/db/schema/index.ts';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** A 1×1 grey PNG, optionally carrying `text` in a tEXt chunk. */
export function png(text?: string): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const chunks = [pngChunk('IHDR', ihdr)];
  if (text) chunks.push(pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')));
  chunks.push(pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);

/** A baseline JPEG's structure (JFIF, tables, a 1×1 frame, one scan), optionally with a comment. */
export function jpeg(comment?: string): Buffer {
  const parts = [
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    segment(0xc4, Buffer.concat([Buffer.from([0x00]), Buffer.from([0, 1, ...Array(14).fill(0)]), Buffer.from([0])])),
    segment(0xc4, Buffer.concat([Buffer.from([0x10]), Buffer.from([0, 1, ...Array(14).fill(0)]), Buffer.from([0])])),
  ];
  if (comment) parts.push(segment(0xfe, Buffer.from(comment, 'latin1')));
  parts.push(segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])), Buffer.from([0x00, 0xff, 0x00, 0x3f, 0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** A lossless WebP container with a VP8L chunk. */
export function webp(): Buffer {
  const vp8l = Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.alloc(4), vp8l]);
  chunk.writeUInt32LE(vp8l.length, 4);
  const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1'), chunk]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}

/** A one-page PDF with a correct cross-reference table, optionally with `comment` in it and `catalog` entries added to its catalogue. */
export function pdf(comment = '', catalog = ''): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${catalog ? ` ${catalog}` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let text = `%PDF-1.4\n${comment ? `% ${comment}\n` : ''}`;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A ZIP archive's smallest form: one empty end-of-central-directory record. */
export const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array(18).fill(0)]);

/** POSTs a multipart upload to `app` as a browser's form would. */
export function uploadRequest(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  token: string | undefined,
  fields: { kind?: string; file?: Uint8Array; name?: string; type?: string },
) {
  const form = new FormData();
  if (fields.kind !== undefined) form.set('kind', fields.kind);
  if (fields.file) form.set('file', new File([new Uint8Array(fields.file)], fields.name ?? 'document.jpg', { type: fields.type ?? 'image/jpeg' }));
  const headers: Record<string, string> = { 'x-test-remote': '127.0.0.1' };
  if (token) headers.authorization = `Bearer ${token}`;
  return Promise.resolve(app.request('/api/front/upload_identity_document', { method: 'POST', headers, body: form }));
}

/**
 * Marks a player's identity verified, as a staff approval would, for suites about
 * something else (withdrawals, which the default jurisdiction profile keeps until then).
 */
export async function markVerified(db: Executor, playerId: number): Promise<void> {
  await db
    .insert(identityVerifications)
    .values({ playerId, status: 'verified', decidedBy: 'test' })
    .onConflictDoUpdate({ target: identityVerifications.playerId, set: { status: 'verified', decidedBy: 'test' } });
}

/**
 * Verifies a player of the e2e server as the Verification tab would: both documents
 * uploaded with the player's token, then the sandbox verifier's decision awaited.
 */
export async function verifyOnServer(baseUrl: string, token: string): Promise<void> {
  for (const [kind, file, name] of [
    ['identity', jpeg(), 'passport.jpg'],
    ['address', pdf(), 'bill.pdf'],
  ] as const) {
    const form = new FormData();
    form.set('kind', kind);
    form.set('file', new File([new Uint8Array(file)], name));
    const r = await fetch(`${baseUrl}/api/front/upload_identity_document`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (!r.ok) throw new Error(`upload ${kind}: ${r.status} ${await r.text()}`);
  }
  for (let i = 0; i < 100; i++) {
    const r = await fetch(`${baseUrl}/api/front/get_verification`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await r.json()) as { verification?: { status: string } };
    if (body.verification?.status === 'verified') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the sandbox verifier did not verify the player');
}

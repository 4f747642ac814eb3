// Identity documents in (PGlite and PostgreSQL): what is accepted, and what is refused
// with nothing stored — neither a file in the identity directory nor a row: a type we do
// not take, a file over the size limit, a name that is a path, polyglots. Documents are
// served to staff only, as attachments, and never to another player.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityDocuments } from '../../../src/server/db/schema/index.ts';
import { settleVerifications } from '../../../src/server/identity/service.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { jpeg, pdf, png, uploadRequest, webp, ZIP_END } from '../../helpers/documents.ts';
import { logIn, register, uniqueIp } from '../accounts/helpers.ts';

const LIMIT = 65_536;
let api: TestApi;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'identity-'));
  // `Review` keeps the sandbox verifier's hands off: these players wait for staff.
  api = await testApi({ IDENTITY_DIR: dir, IDENTITY_MAX_BYTES: String(LIMIT) });
});
afterAll(async () => {
  await settleVerifications(api.ctx);
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

async function newPlayer(lastName = 'Review') {
  const form = await register(api, { last_name: lastName });
  return logIn(api, form.username, form.password, uniqueIp());
}

const filesStored = () => readdirSync(dir).length;
/** A whole PDF whose catalogue also carries `entry`. */
const activePdf = (entry: string) => pdf('', entry);
const rowsOf = async (playerId: number) =>
  Number((await api.ctx.database.db.select({ n: count() }).from(identityDocuments).where(eq(identityDocuments.playerId, playerId)))[0]?.n);

async function upload(token: string | undefined, fields: Parameters<typeof uploadRequest>[2]) {
  const response = await uploadRequest(api.app, token, fields);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('uploading identity documents', () => {
  it('accepts a JPEG, PNG, WebP and PDF, stores each under a random name and shows them in the tab', async () => {
    const p = await newPlayer();
    const before = filesStored();
    for (const [file, mime] of [
      [jpeg(), 'image/jpeg'],
      [png(), 'image/png'],
      [webp(), 'image/webp'],
      [pdf(), 'application/pdf'],
    ] as const) {
      const r = await upload(p.accessToken, { kind: 'identity', file, name: 'my passport.jpg', type: 'text/html' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 1, document: { kind: 'identity', mime, size: file.length, status: 'pending' } });
    }
    const names = readdirSync(dir);
    expect(names.length).toBe(before + 4);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.(jpg|png|webp|pdf)$/);
    const view = await api.json<{ verification: { status: string; documents: { status: string }[] } }>('front/get_verification', {}, { token: p.accessToken });
    // Each newer identity document replaced the one before; the address is still missing.
    expect(view.body.verification.status).toBe('unverified');
    expect(view.body.verification.documents.map((d) => d.status)).toEqual(['pending', 'replaced', 'replaced', 'replaced']);
  });

  it('refuses, storing nothing: a wrong type, an oversized file, a path in the name, polyglots, a damaged image', async () => {
    const p = await newPlayer();
    const before = filesStored();
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const cases: [Parameters<typeof uploadRequest>[2], number, string, string | undefined][] = [
      [{ kind: 'identity', file: gif, name: 'id.gif' }, 200, 'document_type_not_accepted', 'document_type_not_accepted'],
      [{ kind: 'identity', file: html, name: 'id.jpg', type: 'image/jpeg' }, 200, 'document_type_not_accepted', 'document_type_not_accepted'],
      [{ kind: 'identity', file: Buffer.concat([jpeg(), Buffer.alloc(LIMIT)]), name: 'big.jpg' }, 413, 'document_too_large', undefined],
      [{ kind: 'identity', file: Buffer.concat([jpeg(), Buffer.alloc(LIMIT * 2)]), name: 'bigger.jpg' }, 413, 'document_too_large', undefined],
      [{ kind: 'identity', file: jpeg(), name: '../../x.jpg' }, 400, 'validation_failed', 'invalid_file_name'],
      [{ kind: 'identity', file: jpeg(), name: '..\\..\\x.jpg' }, 400, 'validation_failed', 'invalid_file_name'],
      [{ kind: 'identity', file: jpeg(), name: '/etc/passwd' }, 400, 'validation_failed', 'invalid_file_name'],
      // A JPEG that is also a ZIP (an archive appended after the image, and one inside a comment).
      [{ kind: 'identity', file: Buffer.concat([jpeg(), ZIP_END]) }, 200, 'document_type_not_accepted', 'document_type_not_accepted'],
      [{ kind: 'identity', file: jpeg(`x${ZIP_END.toString('latin1')}`) }, 200, 'document_type_not_accepted', 'document_type_not_accepted'],
      // A JPEG that is also an HTML page (markup in its comment).
      [{ kind: 'identity', file: jpeg('<html><script>alert(1)</script>') }, 200, 'document_type_not_accepted', 'document_type_not_accepted'],
      // A PDF behind an HTML prefix, and a PDF with another after its end.
      [
        { kind: 'address', file: Buffer.concat([Buffer.from('<html><body>hi</body></html>\n'), pdf()]), name: 'bill.pdf', type: 'application/pdf' },
        200,
        'document_type_not_accepted',
        'document_type_not_accepted',
      ],
      [{ kind: 'address', file: Buffer.concat([pdf(), pdf()]), name: 'bill.pdf' }, 200, 'document_type_not_accepted', 'document_type_not_accepted'],
      // A PNG that is also a PDF, and one whose chunk was changed after its CRC.
      [{ kind: 'identity', file: png('%PDF-1.4 1 0 obj') }, 200, 'document_type_not_accepted', 'document_type_not_accepted'],
      [
        {
          kind: 'identity',
          file: (() => {
            const b = png('abc');
            b.writeUInt8(b.readUInt8(b.length - 20) ^ 1, b.length - 20);
            return b;
          })(),
        },
        200,
        'document_damaged',
        'document_damaged',
      ],
      // Anything after a JPEG's end; a PDF that runs JavaScript is whole, and told what to fix.
      [{ kind: 'identity', file: Buffer.concat([jpeg(), Buffer.from('trailing bytes')]) }, 200, 'document_damaged', 'document_damaged'],
      [{ kind: 'address', file: activePdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>') }, 200, 'document_active_content', 'document_active_content'],
      // No kind, an unknown kind, no file.
      [{ file: jpeg() }, 400, 'validation_failed', undefined],
      [{ kind: 'selfie', file: jpeg() }, 400, 'validation_failed', undefined],
      [{ kind: 'identity' }, 400, 'validation_failed', 'document_required'],
    ];
    for (const [fields, status, message, fileError] of cases) {
      const r = await upload(p.accessToken, fields);
      expect({ status: r.status, message: r.body.message }, fields.name).toEqual({ status, message });
      expect(r.body.status).toBe(0);
      if (fileError) expect((r.body.errors as Record<string, string>).file).toBe(fileError);
    }
    expect(filesStored()).toBe(before);
    expect(await rowsOf(p.playerId)).toBe(0);
  });

  it('says a PDF was refused for its active content (script, attached file, form action, even hidden in #xx escapes), stores nothing, and tells the player in their language', async () => {
    const p = await newPlayer();
    const before = filesStored();
    for (const entry of [
      '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      '/Names << /EmbeddedFiles << /Names [(a.exe) 9 0 R] >> >>',
      '/AcroForm << /Fields [] >> /AA << /WC << /S /SubmitForm /F (https://evil.test) >> >>',
      '/OpenAction << /S /Launch /F (cmd.exe) >>',
      '/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>',
    ]) {
      const r = await upload(p.accessToken, { kind: 'address', file: activePdf(entry), name: 'bill.pdf', type: 'application/pdf' });
      expect(r.body, entry).toEqual({ status: 0, message: 'document_active_content', errors: { file: 'document_active_content' } });
    }
    expect(filesStored()).toBe(before);
    expect(await rowsOf(p.playerId)).toBe(0);
    const en = JSON.parse(readFileSync(new URL('../../../locales/en.json', import.meta.url), 'utf8')) as { verification: Record<string, string> };
    const de = JSON.parse(readFileSync(new URL('../../../locales/de.json', import.meta.url), 'utf8')) as { verification: Record<string, string> };
    expect(en.verification.document_active_content).toMatch(/active content/);
    expect(de.verification.document_active_content).toMatch(/aktive Inhalte/);
  });

  it('does not count refused uploads toward the day’s 20: a player who fixes a file many times still gets it in, and the limit still holds for kept files', async () => {
    const p = await newPlayer();
    const script = activePdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    for (let i = 0; i < 25; i++) {
      const r = await upload(p.accessToken, { kind: 'address', file: i % 2 === 0 ? script : gif });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe(0);
    }
    for (let i = 0; i < 20; i++) expect((await upload(p.accessToken, { kind: 'identity', file: jpeg() })).body, `upload ${i + 1}`).toMatchObject({ status: 1 });
    const over = await uploadRequest(api.app, p.accessToken, { kind: 'identity', file: jpeg() });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses JSON and a guest, and keeps its own body limit while other calls keep theirs', async () => {
    const p = await newPlayer();
    expect((await upload(undefined, { kind: 'identity', file: jpeg() })).status).toBe(401);
    const json = await api.json('front/upload_identity_document', { kind: 'identity' }, { token: p.accessToken });
    expect(json).toMatchObject({ status: 400, body: { message: 'multipart_required' } });
    // A document larger than the JSON limit (100 KB) but within its own is fine…
    const bigPdf = pdf(`padding ${'x'.repeat(40_000)}`);
    expect((await upload(p.accessToken, { kind: 'address', file: bigPdf })).body).toMatchObject({ status: 1 });
    // …while a JSON call of that size is still refused by the JSON limit.
    const huge = await api.call('front/get_verification', { pad: 'x'.repeat(120_000) }, { token: p.accessToken });
    expect(huge.status).toBe(413);
  });
});

describe('who may fetch a document', () => {
  it('serves staff an attachment with nosniff, and nobody else: not another player, not by a player token on the admin call', async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const up = await upload(owner.accessToken, { kind: 'identity', file: jpeg() });
    const id = (up.body.document as { id: number }).id;

    // Another player's tab lists only their own documents.
    const theirs = await api.json<{ verification: { documents: unknown[] } }>(
      'front/get_verification',
      { id, playerId: owner.playerId },
      { token: other.accessToken },
    );
    expect(theirs.body.verification.documents).toEqual([]);
    // The admin call with a player's token (the owner's too) is refused.
    for (const token of [other.accessToken, owner.accessToken]) {
      const r = await api.call('admin/get_identity_document', { id }, { token });
      expect(r.status).toBe(403);
      expect(r.headers.get('content-disposition')).toBeNull();
    }
    expect((await api.call('admin/get_player_verification', { playerId: owner.playerId }, { token: other.accessToken })).status).toBe(403);
    // No player route serves documents, and none is under the site.
    for (const path of ['front/get_identity_document', 'front/identity_document', `identity/${id}`])
      expect((await api.call(path, { id }, { token: other.accessToken })).status).toBe(404);

    const staff = await logIn(api, 'admin', 'admin1234', uniqueIp());
    const r = await api.call('admin/get_identity_document', { id }, { token: staff.accessToken });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="player-\d+-identity-\d+\.jpg"$/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await r.arrayBuffer()).equals(jpeg())).toBe(true);
    expect((await api.json('admin/get_identity_document', { id: 999_999_999 }, { token: staff.accessToken })).status).toBe(404);
  });
});

// What an uploaded document is, decided from its bytes alone: the client's file name and
// content type are never believed. Each accepted type is parsed through to its end (JPEG
// segments to EOI, PNG chunks with their CRCs to IEND, the RIFF chunks of WebP, a PDF's
// header, cross-reference and %%EOF), so nothing may follow or precede the document, and
// the signatures of another format anywhere in it (a ZIP directory, HTML, a second PDF
// header) refuse it: a polyglot that one program reads as an image and another as a page
// or an archive never reaches staff.
import { crc32 } from 'node:zlib';
import type { DocumentType } from '../../shared/identity.ts';

export type FileCheck =
  | { ok: true; mime: DocumentType; extension: string }
  | { ok: false; message: 'document_type_not_accepted' | 'document_damaged' | 'document_active_content' };

const NOT_ACCEPTED = { ok: false, message: 'document_type_not_accepted' } as const;
const DAMAGED = { ok: false, message: 'document_damaged' } as const;
// Said apart from damage: the player's file is whole, and saving it again as a plain PDF (or a photo) is the fix.
const ACTIVE = { ok: false, message: 'document_active_content' } as const;

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, at: number, length: number) => Buffer.from(b.buffer, b.byteOffset + at, length).toString('latin1');

/** JPEG: SOI, segments with their lengths, a frame before the scan, entropy-coded data, and EOI as the very last bytes. */
function jpegIsWhole(b: Uint8Array): boolean {
  let i = 2;
  let frame = false;
  while (i < b.length) {
    if (b[i] !== 0xff) return false;
    while (b[i] === 0xff && i < b.length) i++; // fill bytes
    const marker = b[i++];
    if (marker === undefined) return false;
    if (marker === 0xd9) return frame && i === b.length;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0xd8 || marker === 0x00) return false;
    if (i + 2 > b.length) return false;
    const length = ((b[i] as number) << 8) | (b[i + 1] as number);
    if (length < 2 || i + length > b.length) return false;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return false;
      const height = ((b[i + 3] as number) << 8) | (b[i + 4] as number);
      const width = ((b[i + 5] as number) << 8) | (b[i + 6] as number);
      if (height === 0 || width === 0) return false;
      frame = true;
    }
    i += length;
    if (marker === 0xda) {
      if (!frame) return false;
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      while (i < b.length) {
        if (b[i] === 0xff) {
          const next = b[i + 1];
          if (next === undefined) return false;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            i += next === 0xff ? 1 : 2;
            continue;
          }
          break;
        }
        i++;
      }
    }
  }
  return false;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG: IHDR first, every chunk's CRC right, at least one IDAT, IEND as the very last chunk. */
function pngIsWhole(b: Uint8Array): boolean {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 8;
  let first = true;
  let data = false;
  while (i + 12 <= b.length) {
    const length = view.getUint32(i);
    const type = ascii(b, i + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type) || length > b.length - i - 12) return false;
    const crc = view.getUint32(i + 8 + length);
    if (crc32(b.subarray(i + 4, i + 8 + length)) !== crc) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13 || view.getUint32(i + 8) === 0 || view.getUint32(i + 12) === 0) return false;
      first = false;
    }
    if (type === 'IDAT') data = true;
    i += 12 + length;
    if (type === 'IEND') return data && length === 0 && i === b.length;
  }
  return false;
}

/** WebP: a RIFF container whose size is the file's, chunks to the end, an image chunk first (or after VP8X). */
function webpIsWhole(b: Uint8Array): boolean {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (view.getUint32(4, true) + 8 !== b.length) return false;
  let i = 12;
  let image = false;
  let first = true;
  while (i + 8 <= b.length) {
    const type = ascii(b, i, 4);
    const size = view.getUint32(i + 4, true);
    if (!/^[A-Z0-9 ]{4}$/.test(type) || size > b.length - i - 8) return false;
    const body = i + 8;
    if (first && type !== 'VP8 ' && type !== 'VP8L' && type !== 'VP8X') return false;
    first = false;
    if (type === 'VP8 ') {
      if (size < 10 || !startsWith(b, [0x9d, 0x01, 0x2a], body + 3)) return false;
      image = true;
    } else if (type === 'VP8L') {
      if (size < 5 || b[body] !== 0x2f) return false;
      image = true;
    } else if (type === 'ANMF') image = true;
    i = body + size + (size % 2);
  }
  return image && i === b.length;
}

/** PDF names that run code or carry files: a document for staff to read needs none of them. */
const ACTIVE_PDF_NAMES = new Set(['javascript', 'js', 'launch', 'embeddedfile', 'embeddedfiles', 'richmedia', 'xfa', 'submitform']);

/** Whether a PDF names anything that runs code or carries files (names may hide letters as `#xx`). */
function pdfHasActiveContent(text: string): boolean {
  for (const m of text.matchAll(/\/([^\s/<>[\]()%{}]{1,64})/g)) {
    const name = (m[1] as string).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))).toLowerCase();
    if (ACTIVE_PDF_NAMES.has(name)) return true;
  }
  return false;
}

/** PDF: the header at byte 0, %%EOF at the end, startxref pointing at a cross-reference. */
function pdfIsWhole(text: string): boolean {
  if (!/^%PDF-[12]\.\d/.test(text)) return false;
  const end = text.replace(/[\r\n\t \0]+$/, '');
  if (!end.endsWith('%%EOF')) return false;
  const at = end.lastIndexOf('startxref');
  if (at < 0) return false;
  const offset = /^startxref[\r\n ]+(\d{1,10})[\r\n ]+%%EOF$/.exec(end.slice(at));
  if (!offset) return false;
  const xref = Number(offset[1]);
  if (xref <= 8 || xref >= at) return false;
  const there = text.slice(xref, xref + 32);
  if (!/^xref[\r\n ]/.test(there) && !/^\d{1,10} \d{1,5} obj\b/.test(there)) return false;
  return /\d+ \d+ obj\b/.test(text);
}

/** Signatures of formats a document must not also be. */
const FOREIGN = ['pk\x03\x04', 'pk\x01\x02', 'pk\x05\x06', '<html', '<script', '<!doctype', '<iframe', '<body', '<svg', 'javascript:'];

/** The document's type from its content, or why it is refused. */
export function checkDocument(bytes: Uint8Array): FileCheck {
  if (bytes.length < 16) return NOT_ACCEPTED;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const lower = text.toLowerCase();
  if (FOREIGN.some((s) => lower.includes(s))) return NOT_ACCEPTED;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    if (lower.includes('%pdf-')) return NOT_ACCEPTED;
    return jpegIsWhole(bytes) ? { ok: true, mime: 'image/jpeg', extension: 'jpg' } : DAMAGED;
  }
  if (startsWith(bytes, PNG_SIGNATURE)) {
    if (lower.includes('%pdf-')) return NOT_ACCEPTED;
    return pngIsWhole(bytes) ? { ok: true, mime: 'image/png', extension: 'png' } : DAMAGED;
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    if (lower.includes('%pdf-')) return NOT_ACCEPTED;
    return webpIsWhole(bytes) ? { ok: true, mime: 'image/webp', extension: 'webp' } : DAMAGED;
  }
  if (text.startsWith('%PDF-')) {
    // One header only: a second one is another document hidden after the first.
    if (lower.indexOf('%pdf-', 1) >= 0) return NOT_ACCEPTED;
    if (!pdfIsWhole(text)) return DAMAGED;
    return pdfHasActiveContent(text) ? ACTIVE : { ok: true, mime: 'application/pdf', extension: 'pdf' };
  }
  return NOT_ACCEPTED;
}

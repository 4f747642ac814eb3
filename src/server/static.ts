// Serves the prerendered site from dist/client: precompressed variants chosen by
// Accept-Encoding, immutable caching for hashed assets, no-cache for HTML, a
// per-page CSP built from the hashes of that page's inline scripts, and the
// localized 404 page for anything unknown. Files are read once and kept in memory.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, unwatchFile, watchFile } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { localeOfPath, localizePath } from '../shared/locales.ts';
import { cacheControl, securityHeaders } from './site-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
};

/** File types the build precompresses (scripts/compress.ts uses the same list). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.xml', '.txt', '.svg', '.ico']);

const MAX_CACHED_BYTES = 4 * 1024 * 1024;

export interface StaticOptions {
  production: boolean;
  /** Origins pages may load scripts from besides their own (a third-party chat chosen in the settings). */
  extraScriptSrc?: () => readonly string[];
  /** Runs before an HTML page is sent; returns true when it has answered (a gate redirect). */
  beforeHtml?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean | Promise<boolean>;
}

interface Variant {
  body: Buffer;
  headers: OutgoingHttpHeaders;
}

interface Entry {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  etag: string;
  html: boolean;
  /** The inline-script hashes of an HTML page, for its CSP. */
  scriptHashes: string[];
  /** The extra script origins the CSP headers were last built with. */
  cspFor?: string;
}

function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const re = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(re)) {
    const attrs = match[1] ?? '';
    if (/type=["']?application\/(ld\+)?json/i.test(attrs)) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

function pageCsp(hashes: string[], extraScripts: readonly string[]): string {
  const script = ["'self'", ...hashes, ...extraScripts].join(' ');
  const connect = ["'self'", ...extraScripts].join(' ');
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

function walk(root: string): Set<string> {
  const files = new Set<string>();
  if (!existsSync(root)) return files;
  const visit = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, item.name);
      if (item.isDirectory()) visit(full);
      else files.add(`/${relative(root, full).split(sep).join('/')}`);
    }
  };
  visit(root);
  return files;
}

const FALLBACK_404 = (home: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Page not found</title><main style="font-family:system-ui;text-align:center;padding:4rem 1rem"><h1>This page could not be found</h1><p><a href="${home}">Home</a></p></main></html>`;

const FALLBACK_500 = (home: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Error</title><main style="font-family:system-ui;text-align:center;padding:4rem 1rem"><h1>Something went wrong</h1><p>Please try again in a moment.</p><p><a href="${home}">Home</a></p></main></html>`;

export class StaticSite {
  readonly root: string;
  files: Set<string>;
  private readonly cache = new Map<string, Entry | null>();
  private readonly resolved = new Map<string, string | null>();
  private readonly options: StaticOptions;
  private readonly base: OutgoingHttpHeaders;

  constructor(root: string, options: StaticOptions) {
    this.root = root;
    this.options = options;
    this.files = walk(root);
    this.base = securityHeaders(options.production);
  }

  get built(): boolean {
    return this.files.has('/index.html');
  }

  /**
   * Picks up a new build (`npm run build` while the server runs): the build writes its
   * stamp last, so a changed stamp means a complete new tree to index.
   */
  watchBuilds(stampFile: string, intervalMs = 2000): () => void {
    const reload = (now: { mtimeMs: number }, before: { mtimeMs: number }) => {
      if (now.mtimeMs === before.mtimeMs || now.mtimeMs === 0) return;
      this.files = walk(this.root);
      this.cache.clear();
      this.resolved.clear();
    };
    watchFile(stampFile, { interval: intervalMs, persistent: false }, reload);
    return () => unwatchFile(stampFile, reload);
  }

  /** The file a URL path names, following Astro's directory format. */
  resolve(pathname: string): string | undefined {
    const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}/index.html`, `${pathname}.html`];
    return candidates.find((c) => this.files.has(c) && !c.endsWith('.br') && !c.endsWith('.gz'));
  }

  private load(path: string): Entry | null {
    const cached = this.cache.get(path);
    if (cached !== undefined) return cached;
    const full = join(this.root, path);
    if (statSync(full).size > MAX_CACHED_BYTES) return null;
    const body = readFileSync(full);
    const ext = extname(path);
    const html = ext === '.html';
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const common: OutgoingHttpHeaders = {
      ...this.base,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControl(path, html),
      ETag: etag,
    };
    const compressible = COMPRESSIBLE.has(ext);
    if (compressible) common.Vary = 'Accept-Encoding';
    const variant = (data: Buffer, encoding?: string): Variant => ({
      body: data,
      headers: { ...common, 'Content-Length': data.length, ...(encoding ? { 'Content-Encoding': encoding } : {}) },
    });
    const entry: Entry = { identity: variant(body), etag, html, scriptHashes: html ? inlineScriptHashes(body.toString('utf8')) : [] };
    if (compressible && this.files.has(`${path}.br`)) entry.br = variant(readFileSync(`${full}.br`), 'br');
    if (compressible && this.files.has(`${path}.gz`)) entry.gzip = variant(readFileSync(`${full}.gz`), 'gzip');
    this.cache.set(path, entry);
    return entry;
  }

  private send(req: IncomingMessage, res: ServerResponse, entry: Entry, status: number): void {
    if (entry.html) {
      // The policy changes only when staff pick another chat script: rebuild it then.
      const extra = this.options.extraScriptSrc?.() ?? [];
      const key = extra.join(' ');
      if (entry.cspFor !== key) {
        const csp = pageCsp(entry.scriptHashes, extra);
        for (const v of [entry.identity, entry.br, entry.gzip]) if (v) v.headers['Content-Security-Policy'] = csp;
        entry.cspFor = key;
      }
    }
    const accept = req.headers['accept-encoding'] ?? '';
    const variant =
      (entry.br && accept.includes('br') ? entry.br : undefined) ?? (entry.gzip && accept.includes('gzip') ? entry.gzip : undefined) ?? entry.identity;
    if (status === 200 && req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, { ETag: entry.etag, 'Cache-Control': variant.headers['Cache-Control'] as string, Vary: 'Accept-Encoding' });
      res.end();
      return;
    }
    res.writeHead(status, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  }

  private sendHtml(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      ...this.base,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    });
    res.end(res.req.method === 'HEAD' ? undefined : html);
  }

  /** The localized 404 page; an inline one when even that file is missing. */
  notFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const locale = localeOfPath(pathname);
    const home = localizePath('/', locale);
    const page = this.resolve(localizePath('/404', locale)) ?? this.resolve('/404');
    const entry = page ? this.load(page) : null;
    if (entry) this.send(req, res, entry, 404);
    else this.sendHtml(res, 404, FALLBACK_404(home));
  }

  /** The file a decoded, checked path names; cached, since the same pages are asked for again and again. */
  private fileFor(pathname: string): string | undefined {
    let file = this.resolved.get(pathname);
    if (file === undefined) {
      // No dot segments, no NUL, no backslashes: nothing outside dist/client can be named.
      const safe = !pathname.includes('\0') && !pathname.includes('\\') && !pathname.split('/').includes('..');
      file = (safe && this.resolve(pathname)) || null;
      if (this.resolved.size > 20_000) this.resolved.clear();
      this.resolved.set(pathname, file);
    }
    return file ?? undefined;
  }

  /** Answers a GET or HEAD for a site path; synchronous unless the gate has to look something up. */
  handle(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    let pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.includes('%')) {
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        pathname = '/\0';
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...this.base, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    try {
      const file = this.fileFor(pathname);
      const entry = file ? this.load(file) : undefined;
      const gated = (!file || entry?.html) && this.options.beforeHtml ? this.options.beforeHtml(req, res, pathname) : false;
      const answer = () => {
        if (!file) this.notFound(req, res, pathname);
        else if (entry) this.send(req, res, entry, 200);
        else this.stream(req, res, file);
      };
      if (gated === false) return answer();
      if (gated === true) return;
      return gated.then(
        (handled) => {
          if (!handled) answer();
        },
        () => this.fail(res, pathname),
      );
    } catch {
      this.fail(res, pathname);
    }
  }

  // Too large to keep in memory: stream it untouched.
  private stream(req: IncomingMessage, res: ServerResponse, file: string): void {
    res.writeHead(200, { ...this.base, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cacheControl(file, false) });
    if (req.method === 'HEAD') res.end();
    else createReadStream(join(this.root, file)).pipe(res);
  }

  private fail(res: ServerResponse, pathname: string): void {
    if (!res.headersSent) this.sendHtml(res, 500, FALLBACK_500(localizePath('/', localeOfPath(pathname))));
    else res.destroy();
  }
}

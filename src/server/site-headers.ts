// Headers every answer of the static site carries, on the Node server (static.ts) and on
// the edge worker (src/edge/worker.ts) alike; web-standard code, no Node imports.

/** How long a browser or CDN may keep a file of the built site. */
export function cacheControl(path: string, html: boolean): string {
  if (html || path === '/sw.js' || path.endsWith('.webmanifest')) return 'no-cache';
  // Vite puts content hashes in every file name under /_astro.
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function securityHeaders(production: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
  };
  if (production) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

import type { APIRoute } from 'astro';
import { indexableRoutes } from '../build/routes.ts';
import { LANGUAGE_TAG, LOCALES, localizePath } from '../shared/locales.ts';

/** Every indexable page in every locale, each with its hreflang alternates. */
export const GET: APIRoute = ({ site }) => {
  const origin = site?.origin ?? '';
  const urls = indexableRoutes().flatMap((route) => {
    const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAG[l]}" href="${origin}${localizePath(route, l)}"/>`).join('');
    return LOCALES.map((locale) => `<url><loc>${origin}${localizePath(route, locale)}</loc>${alternates}</url>`);
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};

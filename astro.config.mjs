// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { interactionDirective } from './src/lib/directives/integration.ts';

const LOCALES = [
  'en',
  'fr',
  'fi',
  'de',
  'it',
  'se',
  'no',
  'pt',
  'pl',
  'ro',
  'in',
  'cn',
  'ru',
  'tr',
  'es',
  'jp',
  'ko',
  'hu',
  'cz',
  'gr',
  'br',
  'au',
  'ca',
  'sg',
];

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  // The build writes beside the live site and swaps it in when complete (site-build.ts).
  outDir: process.env.ASTRO_OUT_DIR || './dist/client',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  i18n: {
    locales: LOCALES,
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [react(), interactionDirective()],
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    server: { proxy: { '/api': 'http://127.0.0.1:4322', '/socket.io': { target: 'ws://127.0.0.1:4322', ws: true } } },
  },
});

// @ts-check
import react from '@astrojs/react';
import AstroPWA from '@vite-pwa/astro';
import { defineConfig } from 'astro/config';
import { catalogueNamespaces } from './src/build/catalogue-namespaces.ts';
import { interactionDirective } from './src/lib/directives/integration.ts';
import { precacheTransform } from './src/pwa/precache.ts';
import { siteBuildSettings } from './src/server/config.ts';
import { DEFAULT_LOCALE, LOCALES } from './src/shared/locales.ts';

// SITE_URL, ASTRO_OUT_DIR and SITE_SNAPSHOT are read in config.ts with every other setting.
const settings = siteBuildSettings();

export default defineConfig({
  site: settings.siteUrl,
  output: 'static',
  // The build writes beside the live site and swaps it in when complete (site-build.ts).
  outDir: settings.outDir,
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  i18n: {
    // The site's own list (src/shared/locales.ts), so that pages and routing never disagree.
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [
    react(),
    interactionDirective(),
    // /sw.js, scope /: the Workbox worker of src/pwa/sw.ts with this build's precache
    // manifest (revisions included); registered after load by src/pwa/register.ts, which
    // shows the update prompt. Astro 7 is outside the package's peer range: package.json's
    // `overrides` entry lets it install; the build works.
    AstroPWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      scope: '/',
      base: '/',
      // Said outright: left to Vite, a build outside the project (ASTRO_OUT_DIR=/tmp/…) puts the worker in .astro/.
      outDir: settings.outDir,
      registerType: 'prompt',
      injectRegister: false,
      // public/manifest.webmanifest is the site's own.
      manifest: false,
      injectManifest: {
        globPatterns: [
          '_astro/*.{js,css}',
          // The default locale's offline page; a locale's own is kept when its pages ask (src/pwa/sw.ts).
          'offline/index.html',
          'manifest.webmanifest',
          'logo.svg',
          'favicon.svg',
          'icons/icon-192.png',
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        minify: true,
        manifestTransforms: [precacheTransform(settings.outDir)],
      },
    }),
  ],
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    // Each page ships only the catalogue namespaces its islands read.
    plugins: [catalogueNamespaces(new URL('./locales', import.meta.url).pathname)],
    server: { proxy: { '/api': 'http://127.0.0.1:4322', '/socket.io': { target: 'ws://127.0.0.1:4322', ws: true } } },
  },
});

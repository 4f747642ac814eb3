// A locale catalogue imported by browser code becomes one module per namespace.
//
// Islands take their English texts with `import * as en from 'locales/en.json'` and read
// `en.<namespace>`. As one JSON module, the bundler put every namespace any island reads into
// one shared chunk, so each page shipped them all (13.7 KB gzip on /sports, fairness,
// protection and verification texts included). Here the catalogue is a module that
// re-exports a module per namespace: the bundler groups namespaces by the pages that read
// them, and a page loads only its own. Its default export is still the whole catalogue
// (the build's `import.meta.glob` of src/build/translations.ts reads it).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const CATALOGUE = '\0catalogue:';
const NAMESPACE = '\0catalogue-namespace:';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function catalogueNamespaces(folder: string): Plugin {
  const root = resolve(folder);
  // Each catalogue is read once per build, not once per namespace module; a change in dev reads it again.
  const parsed = new Map<string, Record<string, unknown>>();
  const read = (file: string) => {
    let catalogue = parsed.get(file);
    if (!catalogue) {
      catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      parsed.set(file, catalogue);
    }
    return catalogue;
  };
  const isCatalogue = (file: string) => file.startsWith(`${root}/`) && file.endsWith('.json');
  return {
    name: 'catalogue-namespaces',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith(CATALOGUE) || source.startsWith(NAMESPACE)) return source;
      if (!source.endsWith('.json') || !source.includes('locales/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // The id keeps no `.json` ending, so that the JSON plugin leaves the generated module alone.
      return resolved && isCatalogue(resolved.id) ? `${CATALOGUE}${resolved.id.slice(0, -'.json'.length)}` : null;
    },
    watchChange(file) {
      parsed.delete(file);
    },
    load(id) {
      if (id.startsWith(NAMESPACE)) {
        const at = id.lastIndexOf('#');
        const file = id.slice(NAMESPACE.length, at);
        return `export default ${JSON.stringify(read(`${file}.json`)[id.slice(at + 1)])};`;
      }
      if (!id.startsWith(CATALOGUE)) return null;
      const file = id.slice(CATALOGUE.length);
      this.addWatchFile(`${file}.json`);
      const namespaces = Object.keys(read(`${file}.json`));
      const bad = namespaces.filter((ns) => !IDENTIFIER.test(ns));
      if (bad.length) this.error(`${file}.json: namespace names must be identifiers: ${bad.join(', ')}`);
      return [
        ...namespaces.map((ns) => `import ${ns} from ${JSON.stringify(`${NAMESPACE}${file}#${ns}`)};`),
        `export { ${namespaces.join(', ')} };`,
        `export default { ${namespaces.join(', ')} };`,
      ].join('\n');
    },
  };
}

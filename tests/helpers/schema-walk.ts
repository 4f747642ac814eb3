// Reading zod 4 schemas as data: every schema src/shared/schemas exports, and every
// string node and object field inside one. The schema tests use it to reach each text
// field without a list that a new field could be missing from.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from '../../src/shared/schemas/common.ts';

export type Schema = z.core.$ZodType;
export type Def = Schema['_zod']['def'] & Record<string, unknown>;

export const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

// Types that hold no schema inside them. Anything else must be known to `children`, so
// that a construct the walk does not understand fails the test instead of hiding strings.
const LEAVES = new Set([
  'enum',
  'literal',
  'number',
  'int',
  'boolean',
  'bigint',
  'date',
  'null',
  'undefined',
  'void',
  'never',
  'nan',
  'unknown',
  'any',
  'symbol',
  'custom',
  'transform',
  'file',
  'function',
]);
const STRINGS = new Set(['string', 'template_literal']);

function children(def: Def): unknown[] {
  switch (def.type) {
    case 'object':
      return [...Object.values(def.shape as Record<string, unknown>), def.catchall];
    case 'union':
      return def.options as unknown[];
    case 'intersection':
      return [def.left, def.right];
    case 'pipe':
      return [def.in, def.out];
    case 'array':
    case 'set':
      return [def.element ?? def.valueType];
    case 'record':
    case 'map':
      return [def.keyType, def.valueType];
    case 'tuple':
      return [...(def.items as unknown[]), def.rest];
    case 'lazy':
      return [(def.getter as () => unknown)()];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
    case 'promise':
      return [def.innerType];
    default:
      throw new Error(`the schema walk does not know zod type "${def.type}"`);
  }
}

/** Every node reachable from `root` (each once), with the path that leads to it; strings are not entered. */
function nodes(root: Schema, name: string): { path: string; node: Schema; def: Def }[] {
  const found: { path: string; node: Schema; def: Def }[] = [];
  const seen = new Set<Schema>();
  const visit = (node: Schema, path: string) => {
    if (seen.has(node)) return;
    seen.add(node);
    const def = node._zod.def as Def;
    found.push({ path, node, def });
    if (STRINGS.has(def.type) || LEAVES.has(def.type)) return;
    const inner = children(def);
    const keys = def.type === 'object' ? [...Object.keys(def.shape as object), '*'] : inner.map((_, i) => `${def.type}[${i}]`);
    inner.forEach((child, i) => {
      if (isSchema(child)) visit(child, `${path}.${keys[i]}`);
    });
  };
  visit(root, name);
  return found;
}

/** Every string node reachable from `root`, each with the path that leads to it. */
export function stringNodes(root: Schema, name: string): { path: string; node: Schema }[] {
  return nodes(root, name).filter(({ def }) => STRINGS.has(def.type));
}

/** The field names of every object inside `root`. */
export function objectFields(root: Schema): string[] {
  return nodes(root, '').flatMap(({ def }) => (def.type === 'object' ? Object.keys(def.shape as object) : []));
}

/** Every schema the module files export, by `file.name`. */
export async function exportedSchemas(): Promise<{ name: string; schema: Schema }[]> {
  const dir = join(import.meta.dirname, '../../src/shared/schemas');
  const out: { name: string; schema: Schema }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      // Builders whose every parameter has a default (registerPlayerParams(), newPassword()…)
      // make the schemas the server really runs.
      const made = typeof value === 'function' && value.length === 0 ? (value as () => unknown)() : value;
      if (isSchema(made)) out.push({ name: `${file.replace(/\.ts$/, '')}.${name}`, schema: made });
    }
  }
  return out;
}

// Every string a schema of src/shared/schemas takes must refuse control characters, lone
// surrogates and absurd lengths with a catalogue key. The walk below finds each string
// node by reading zod 4's definitions, so a field added later without `text()` fails here.
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { hasForbiddenCharacters, text, z } from '../../src/shared/schemas/common.ts';
import { requiredText } from '../../src/shared/schemas/player.ts';
import { type Def, exportedSchemas, type Schema, stringNodes } from '../helpers/schema-walk.ts';

/** The longest text the node declares it takes, if it says. */
function declaredMax(node: Schema): number | undefined {
  const checks = (node._zod.def as Def).checks ?? [];
  const maxima = checks
    .map((c): { check: string; maximum?: number; length?: number } => c._zod.def)
    .filter((d) => d.check === 'max_length' || d.check === 'length_equals');
  return maxima.length > 0 ? Math.min(...maxima.map((d) => Number(d.maximum ?? d.length))) : undefined;
}

/** Page content (the admin's `body`) may be long; nothing a schema takes may be longer. */
const LONGEST_TEXT = 200_000;
const TEN_KB = 10 * 1024;

function probes(node: Schema): [string, string][] {
  const max = declaredMax(node) ?? 0;
  return [
    ['NUL', 'a\u0000b'],
    ['lone surrogate', '\uD800'],
    ['too long', 'x'.repeat(Math.max(TEN_KB, max + 1))],
  ];
}

// The islands look a key up in `validation` first, then in their own namespace (the game page: `studio`).
const catalogue = new Set(Object.values(en).flatMap((section) => Object.keys(section)));

/** What `node` answers to `value`: undefined when it takes it, else the catalogue key it gives. */
function refusal(node: Schema, value: string): string | undefined {
  const result = z.safeParse(node, value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? '(no message)');
}

describe('every text field of every schema', () => {
  it('finds the schemas and their string fields', async () => {
    const schemas = await exportedSchemas();
    const names = schemas.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['games.gamesParams', 'games.gameUrlParams', 'wallet.financialTransactionParams', 'player.registerPlayerParams']),
    );
    const paths = schemas.flatMap((s) => stringNodes(s.schema, s.name).map((n) => n.path));
    expect(paths).toEqual(
      expect.arrayContaining([
        'games.gamesParams.filterGame.default[0].optional[0]',
        expect.stringMatching(/^games\.gameUrlParams\..*game_code/),
        expect.stringMatching(/^games\.gameUrlParams\..*game_id.*union\[0\]/),
        expect.stringMatching(/^wallet\.financialTransactionParams\..*tx_id/),
        expect.stringMatching(/^wallet\.financialTransactionParams\..*invoice_id/),
        expect.stringMatching(/^wallet\.betListParams\..*filterProvider/),
        expect.stringMatching(/^contact\.contactParams\..*note/),
      ]),
    );
    expect(paths.length).toBeGreaterThan(60);
  });

  it('refuses a NUL, a lone surrogate and a 10 KB string in each of them with a catalogue key', async () => {
    const problems: string[] = [];
    for (const { name, schema } of await exportedSchemas()) {
      for (const { path, node } of stringNodes(schema, name)) {
        const max = declaredMax(node);
        if (max !== undefined && max > LONGEST_TEXT) problems.push(`${path} takes ${max} characters`);
        for (const [what, value] of probes(node)) {
          const key = refusal(node, value);
          if (key === undefined) problems.push(`${path} takes a ${what}`);
          else if (!catalogue.has(key)) problems.push(`${path} answers a ${what} with "${key}", which is no catalogue key`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('would notice a bare string hidden anywhere in a schema', () => {
    const bare = () => z.string();
    const lazy: z.ZodType = z.lazy(() => z.object({ next: lazy.optional(), name: bare() }));
    const hidden = z.object({
      plain: bare(),
      wrapped: bare().optional().nullable().default('').catch(''),
      union: z.union([z.number(), bare()]),
      intersection: z.intersection(z.object({ a: bare() }), z.object({ b: bare() })),
      piped: bare().transform((s) => s.trim()),
      preprocessed: z.preprocess((v) => v, bare()),
      list: z.array(bare()),
      record: z.record(bare(), bare()),
      tuple: z.tuple([z.number()], bare()),
      tree: lazy,
      rest: z.object({}).catchall(bare()),
    });
    const found = stringNodes(hidden, 'hidden');
    expect(found).toHaveLength(13);
    for (const { node } of found) expect(refusal(node, 'a\u0000b')).toBeUndefined();
  });
});

describe('the text() rule every field starts from', () => {
  const line = text({ max: 20 });
  const note = text({ max: 20, multiline: true });
  const controls = [...Array.from({ length: 32 }, (_, i) => i), 0x7f, ...Array.from({ length: 32 }, (_, i) => 0x80 + i)].map((c) => String.fromCharCode(c));

  it('refuses every C0 and C1 control character and DEL in one line of text', () => {
    for (const ch of controls) expect(refusal(line, `a${ch}b`), JSON.stringify(ch)).toBe('invalid_characters');
  });

  it('lets a multi-line text keep tabs and line breaks, and nothing else of the controls', () => {
    expect(z.safeParse(note, 'one\ttwo\r\nthree\n').success).toBe(true);
    for (const ch of controls.filter((c) => !'\t\n\r'.includes(c))) expect(refusal(note, `a${ch}b`), JSON.stringify(ch)).toBe('invalid_characters');
    expect(refusal(line, 'one\ntwo')).toBe('invalid_characters');
  });

  it('refuses half a surrogate pair anywhere, and takes whole ones and every script', () => {
    for (const s of ['\uD800', '\uDFFF', 'a\uD83Db', '\uDE00x']) {
      expect(refusal(line, s), JSON.stringify(s)).toBe('invalid_characters');
      expect(refusal(note, s), JSON.stringify(s)).toBe('invalid_characters');
    }
    for (const s of ['😀 𝄞', 'Ünïcödé', 'مرحبا', 'Привет', '日本語', 'a\u00a0b']) expect(refusal(line, s), s).toBeUndefined();
  });

  it('counts the length after trimming when asked to, with the key the field names', () => {
    expect(refusal(line, 'x'.repeat(21))).toBe('field_too_long');
    expect(refusal(text({ max: 3, tooLong: 'username_too_long' }), 'abcd')).toBe('username_too_long');
    expect(z.parse(text({ max: 3, trim: true }), '  abc \n')).toBe('abc');
    expect(z.parse(requiredText(5), ' hi ')).toBe('hi');
    expect(refusal(requiredText(5), '   ')).toBe('field_required');
  });

  it('is the same rule the server applies to whole bodies', () => {
    expect(hasForbiddenCharacters('\u001b[2J')).toBe(true);
    expect(hasForbiddenCharacters('line\nbreak', true)).toBe(false);
    expect(hasForbiddenCharacters('\u202e')).toBe(false);
  });
});

import { z } from 'zod';

// Messages are catalogue keys that the islands translate and the server returns as
// they are. Rules name their own key; anything a rule does not name falls back here.
// jitless: zod would otherwise probe `new Function` for faster parsers, which the
// site's CSP forbids (and reports) in the browser.
z.config({
  jitless: true,
  customError: (issue) => (issue.input === undefined || issue.input === null ? 'field_required' : 'invalid_value'),
});

export { z };

/** A call that takes no parameters still gets a JSON object (often `{}`) and ignores extra keys. */
export const noParams = z.object({}).loose();

// C0 controls, DEL and C1 controls can clear a terminal, hide text or (NUL) break
// PostgreSQL, and a lone UTF-16 surrogate is no character at all. Text that may span
// lines keeps tab, line feed and carriage return.
// (\p{Cc} is exactly U+0000–U+001F and U+007F–U+009F; in a /u pattern \p{Cs} matches
// only a surrogate without its partner.)
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** True when `s` holds a control character (other than tab and line breaks when `multiline`) or a lone surrogate. */
export function hasForbiddenCharacters(s: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(s);
}

export interface TextOptions {
  /** The most characters (UTF-16 units, after trimming) the field takes. */
  max: number;
  /** Tab, line feed and carriage return are allowed (a message, a note, page content). */
  multiline?: boolean;
  /** Leading and trailing white space is dropped before anything is checked. */
  trim?: boolean;
  /** The catalogue key when the text is longer than `max`. */
  tooLong?: string;
}

/**
 * Every string a schema takes starts here: no control characters or lone surrogates
 * (`invalid_characters`) and at most `max` characters. Chain the field's own rules after it.
 */
export function text({ max, multiline = false, trim = false, tooLong = 'field_too_long' }: TextOptions) {
  const base = trim ? z.string().trim() : z.string();
  return base.refine((s) => !hasForbiddenCharacters(s, multiline), 'invalid_characters').max(max, tooLong);
}

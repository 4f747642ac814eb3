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

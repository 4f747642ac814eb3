import sanitizeHtml from 'sanitize-html';

// Content comes from staff, but a CMS is an XSS vector all the same: only plain
// document structure survives, links are relative or https, nothing executes.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'blockquote'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https:/i.test(href);
      const out: sanitizeHtml.Attributes = external ? { href, rel: 'noopener noreferrer', target: '_blank' } : { href };
      return { tagName, attribs: out };
    },
  },
};

/** Content HTML with everything but plain structure and safe links removed. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text: every tag removed (titles, captions). */
export function plainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).trim();
}

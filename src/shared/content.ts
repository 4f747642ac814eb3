// Content names the pages and the server share.

/** The FAQ page's tabs in the contract's order: /faq/<index>; the last five are also info pages. */
export const FAQ_TABS = ['faq', 'about_us', 'privacy_policy', 'terms_of_use', 'refund_policy', 'responsible_gaming'] as const;
export type FaqTab = (typeof FAQ_TABS)[number];

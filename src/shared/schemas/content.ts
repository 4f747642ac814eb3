import { LOCALES } from '../locales.ts';
import { text, z } from './common.ts';

// Unknown or missing languages fall back to English rather than failing the page.
const language = text({ max: 20, tooLong: 'invalid_value' })
  .optional()
  .transform((l) => ((LOCALES as readonly string[]).includes(l ?? '') ? (l as string) : 'en'));

export const promotionTemplateParams = z.object({ language, bonus_id: z.coerce.number().int().positive().optional() }).loose();
export const sliderParams = z.object({ lan: language, is_mobile: z.boolean().optional().default(false) }).loose();
export const contentTemplateParams = z.object({ language, content_tab: text({ max: 50, trim: true, tooLong: 'invalid_value' }).min(1) }).loose();
export const languageParams = z.object({ language }).loose();
export const gameGroupListParams = z.object({ type: z.enum(['online', 'live']).optional(), status: z.enum(['activated', 'deactivated']).optional() }).loose();

const kind = z.enum(['promotion', 'faq', 'info', 'slider', 'license_line', 'footer'], { error: 'invalid_value' });
const contentFields = {
  title: text({ max: 300 }).optional(),
  brief: text({ max: 20_000, multiline: true }).optional(),
  body: text({ max: 200_000, multiline: true }).optional(),
  image_url: text({ max: 2000 })
    .regex(/^(\/[\w\-./]*|https:\/\/[^\s"'<>]+)$/, 'invalid_url')
    .nullable()
    .optional(),
  mobile: z.boolean().optional(),
  /** A slide's button: a site path, or `bonus:<code>` for a promotion's claim. */
  link: text({ max: 500 })
    .regex(/^(\/[\w\-./?=&%]*|bonus:[A-Za-z0-9_-]{1,50})$/, 'invalid_url')
    .nullable()
    .optional(),
  position: z.number().int().min(0).max(10_000).optional(),
};

export const createContentParams = z
  .object({
    kind,
    slug: text({ max: 100, trim: true }).min(1, 'field_required'),
    locale: z.enum(LOCALES, { error: 'invalid_locale' }),
    ...contentFields,
  })
  .strict();

/** The version the editor opened (`version` of the item they read): a save over a later one is refused. */
const opened = z.number().int().positive().optional();
export const updateContentParams = z.object({ id: z.number().int().positive(), version: opened, ...contentFields }).strict();
/** `admin/get_content_translations`: every item, or with `locale` only those that locale still needs (missing, the same as English, or outdated). */
export const contentTranslationsParams = z.object({ locale: z.enum(LOCALES, { error: 'invalid_locale' }).optional() }).strict();
export const contentHistoryParams = z.object({ id: z.number().int().positive() }).strict();
/** Makes an earlier `version`'s fields the item's next version; `opened` as a save's. */
export const restoreContentParams = z.object({ id: z.number().int().positive(), version: z.number().int().positive(), opened }).strict();
export const removeContentParams = z.object({ id: z.number().int().positive() }).strict();

import { LOCALES } from '../locales.ts';
import { z } from './common.ts';

// Unknown or missing languages fall back to English rather than failing the page.
const language = z
  .string()
  .optional()
  .transform((l) => ((LOCALES as readonly string[]).includes(l ?? '') ? (l as string) : 'en'));

export const promotionTemplateParams = z.object({ language, bonus_id: z.coerce.number().int().positive().optional() }).loose();
export const sliderParams = z.object({ lan: language, is_mobile: z.boolean().optional().default(false) }).loose();
export const contentTemplateParams = z.object({ language, content_tab: z.string().trim().min(1).max(50) }).loose();
export const languageParams = z.object({ language }).loose();
export const gameGroupListParams = z.object({ type: z.enum(['online', 'live']).optional(), status: z.enum(['activated', 'deactivated']).optional() }).loose();

const kind = z.enum(['promotion', 'faq', 'info', 'slider', 'license_line', 'footer'], { error: 'invalid_value' });
const contentFields = {
  title: z.string().max(300, 'too_long').optional(),
  brief: z.string().max(20_000, 'too_long').optional(),
  body: z.string().max(200_000, 'too_long').optional(),
  image_url: z
    .string()
    .regex(/^(\/[\w\-./]*|https:\/\/[^\s"'<>]+)$/, 'invalid_url')
    .nullable()
    .optional(),
  mobile: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
};

export const createContentParams = z
  .object({
    kind,
    slug: z.string().trim().min(1, 'field_required').max(100, 'too_long'),
    locale: z.enum(LOCALES, { error: 'invalid_locale' }),
    ...contentFields,
  })
  .strict();

export const updateContentParams = z.object({ id: z.number().int().positive(), ...contentFields }).strict();
export const removeContentParams = z.object({ id: z.number().int().positive() }).strict();

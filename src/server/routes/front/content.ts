import type { Reply } from '../../../shared/contract/index.ts';
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { contentTemplateParams, gameGroupListParams, languageParams, promotionTemplateParams, sliderParams } from '../../../shared/schemas/content.ts';
import { allOfferTerms, withFigures } from '../../content/offers.ts';
import { localizedContent, localizedPromotions } from '../../content/queries.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { ServerContext } from '../../context.ts';
import { gameGroups } from '../../db/schema/index.ts';
import { type AppEnv, parseBody } from '../../http.ts';

/** Promotions, slider, FAQ, footer and game groups: public, localized, read-only. */
export function contentRoutes({ database }: ServerContext) {
  const db = database.db;
  return new Hono<AppEnv>()
    .post('/get_promotion_template', async (c) => {
      const { language, bonus_id } = await parseBody(c, promotionTemplateParams);
      const found = await localizedPromotions(db, language, bonus_id);
      const offers = await allOfferTerms(db);
      const locale = language as Locale;
      const templateList = found.map(({ promotion, text }) => {
        const own = offers.find((o) => o.code === promotion.promoCode);
        const fill = (t: string) => withFigures(t, locale, offers, own);
        return {
          bonus_id: promotion.id,
          title: fill(text.title),
          image_url: text.imageUrl ?? promotion.imageUrl,
          brief_text: fill(text.brief),
          text: fill(text.body),
          promo_code: promotion.promoCode,
        };
      });
      return c.json({ status: 1, templateList } satisfies Reply<'front/get_promotion_template'>);
    })
    .post('/get_slider', async (c) => {
      const { lan, is_mobile } = await parseBody(c, sliderParams);
      const rows = await localizedContent(db, 'slider', lan, { mobile: is_mobile });
      const offers = await allOfferTerms(db);
      const fill = (t: string) => withFigures(t, lan as Locale, offers);
      return c.json({
        status: 1,
        sliderList: rows.map((r) => ({ image_url: r.imageUrl, title: fill(r.title), text: fill(r.body), cta: r.brief, link: r.link })),
      } satisfies Reply<'front/get_slider'>);
    })
    .post('/get_content_template', async (c) => {
      const { language, content_tab } = await parseBody(c, contentTemplateParams);
      const kind = content_tab === 'license_line' ? 'license_line' : 'faq';
      const rows = await localizedContent(db, kind, language, { slug: content_tab });
      return c.json({
        status: 1,
        templateList: rows.map((r) => ({ content_tab: r.slug, title: r.title, content: r.body })),
      } satisfies Reply<'front/get_content_template'>);
    })
    .post('/get_faq_template', async (c) => {
      const { language } = await parseBody(c, languageParams);
      const rows = await localizedContent(db, 'faq', language);
      return c.json({
        status: 1,
        templateList: rows.map((r) => ({ content_tab: r.slug, title: r.title, content: r.body })),
      } satisfies Reply<'front/get_faq_template'>);
    })
    .post('/get_footer_template', async (c) => {
      const { language } = await parseBody(c, languageParams);
      const rows = await localizedContent(db, 'footer', language);
      return c.json({ status: 1, templateList: rows.map((r) => ({ content: r.body })) } satisfies Reply<'front/get_footer_template'>);
    })
    .post('/get_game_group_list', async (c) => {
      const { type, status } = await parseBody(c, gameGroupListParams);
      const conditions = [];
      if (type) conditions.push(eq(gameGroups.type, type));
      if (status) conditions.push(eq(gameGroups.status, status));
      const rows = await db
        .select()
        .from(gameGroups)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(asc(gameGroups.position));
      return c.json({
        status: 1,
        gameGroupList: rows.map((g) => ({ id: g.id, group_name: g.groupName, group_slug: g.groupSlug, type: g.type, status: g.status, theme: g.theme })),
      } satisfies Reply<'front/get_game_group_list'>);
    });
}

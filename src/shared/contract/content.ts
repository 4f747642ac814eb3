// Public, localized, read-only content: promotions, slider, FAQ and info texts, footer, game groups.
import type { Ok } from '../api.ts';
import type { GroupTheme } from '../game-themes.ts';
import { contentTemplateParams, gameGroupListParams, languageParams, promotionTemplateParams, sliderParams } from '../schemas/content.ts';
import { post, reply } from './define.ts';

export interface PromotionTemplate {
  bonus_id: number;
  title: string;
  image_url: string | null;
  brief_text: string;
  text: string;
  promo_code: string;
}

export interface ContentTemplate {
  content_tab: string;
  title: string;
  content: string;
}

export interface GameGroup {
  id: number;
  group_name: string;
  group_slug: string;
  type: 'online' | 'live';
  status: 'activated' | 'deactivated';
  /** Its type theme of SPEC §1 (slot, live, sport, table, instant, lottery, arcade, video_poker, virtual). */
  theme: GroupTheme;
}

export const content = {
  'front/get_promotion_template': post(promotionTemplateParams, reply<Ok & { templateList: PromotionTemplate[] }>()),
  'front/get_slider': post(
    sliderParams,
    reply<Ok & { sliderList: { image_url: string | null; title: string; text: string; cta: string; link: string | null }[] }>(),
  ),
  'front/get_content_template': post(contentTemplateParams, reply<Ok & { templateList: ContentTemplate[] }>()),
  'front/get_faq_template': post(languageParams, reply<Ok & { templateList: ContentTemplate[] }>()),
  'front/get_footer_template': post(languageParams, reply<Ok & { templateList: { content: string }[] }>()),
  'front/get_game_group_list': post(gameGroupListParams, reply<Ok & { gameGroupList: GameGroup[] }>()),
};

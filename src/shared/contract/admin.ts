// Staff calls: the site settings and the site content (`npm run build` publishes content).
import type { Ok, Refusal } from '../api.ts';
import type { JurisdictionProfile } from '../jurisdiction.ts';
import { updateSettingParams } from '../schemas/admin.ts';
import { noParams } from '../schemas/common.ts';
import {
  contentHistoryParams,
  contentTranslationsParams,
  createContentParams,
  removeContentParams,
  restoreContentParams,
  updateContentParams,
} from '../schemas/content.ts';
import { post, reply } from './define.ts';

export interface AdminSettings {
  country_black_list: string[];
  ip_black_list: string[];
  one_account_per_ip: boolean;
  password_min_length: number;
  chat_script_url: string | null;
  currency_by_country: Record<string, string>;
  jurisdiction_profiles: Record<string, JurisdictionProfile>;
  jurisdiction_by_country: Record<string, string>;
}

export type ContentKind = 'promotion' | 'faq' | 'info' | 'slider' | 'license_line' | 'footer';

export interface SiteContentItem {
  id: number;
  kind: ContentKind;
  slug: string;
  locale: string;
  title: string;
  brief: string;
  body: string;
  image_url: string | null;
  mobile: boolean;
  link: string | null;
  position: number;
  /** Counts the item's saves; an update names the one the editor opened. */
  version: number;
  updatedAt: string;
}

/** One saved version of an item: its fields then, and who saved it how. */
export type SiteContentVersionItem = Pick<SiteContentItem, 'version' | 'title' | 'brief' | 'body' | 'image_url' | 'mobile' | 'link' | 'position'> & {
  action: 'create' | 'update' | 'restore' | 'remove';
  staff_id: number | null;
  via: string;
  savedAt: string;
};

/** Where one locale's item stands against its English item. */
export type TranslationState = 'missing' | 'same_as_english' | 'outdated' | 'translated';

/** An English item and every other locale's translation of it. */
export interface ContentTranslationsItem {
  kind: ContentKind;
  slug: string;
  mobile: boolean;
  english: { id: number; version: number; title: string };
  locales: Record<string, { state: TranslationState; id?: number; version?: number }>;
}

/** A save over a later version than the editor opened: refused, with the item as it now is. */
export type ContentSaveReply = (Ok & { content: SiteContentItem }) | Refusal | (Refusal & { message: 'changed_since_opened'; content: SiteContentItem });

export const admin = {
  'admin/get_setting': post(noParams, reply<Ok & { setting: AdminSettings }>()),
  'admin/update_setting': post(updateSettingParams, reply<Ok & { setting: AdminSettings }>()),
  'admin/get_site_content': post(noParams, reply<Ok & { contents: SiteContentItem[] }>()),
  'admin/create_site_content': post(createContentParams, reply<(Ok & { content: SiteContentItem }) | Refusal>()),
  'admin/update_template': post(updateContentParams, reply<ContentSaveReply>()),
  'admin/remove_site_content': post(removeContentParams, reply<Ok | Refusal>()),
  'admin/get_content_translations': post(contentTranslationsParams, reply<Ok & { items: ContentTranslationsItem[] }>()),
  'admin/get_site_content_history': post(contentHistoryParams, reply<(Ok & { versions: SiteContentVersionItem[] }) | Refusal>()),
  'admin/restore_site_content': post(restoreContentParams, reply<ContentSaveReply>()),
};

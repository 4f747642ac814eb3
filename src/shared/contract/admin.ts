// Staff calls: the site settings and the site content (`npm run build` publishes content).
import type { Ok, Refusal } from '../api.ts';
import type { JurisdictionProfile } from '../jurisdiction.ts';
import { updateSettingParams } from '../schemas/admin.ts';
import { noParams } from '../schemas/common.ts';
import { createContentParams, removeContentParams, updateContentParams } from '../schemas/content.ts';
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
  position: number;
  updatedAt: string;
}

export const admin = {
  'admin/get_setting': post(noParams, reply<Ok & { setting: AdminSettings }>()),
  'admin/update_setting': post(updateSettingParams, reply<Ok & { setting: AdminSettings }>()),
  'admin/get_site_content': post(noParams, reply<Ok & { contents: SiteContentItem[] }>()),
  'admin/create_site_content': post(createContentParams, reply<(Ok & { content: SiteContentItem }) | Refusal>()),
  'admin/update_template': post(updateContentParams, reply<(Ok & { content: SiteContentItem }) | Refusal>()),
  'admin/remove_site_content': post(removeContentParams, reply<Ok | Refusal>()),
};

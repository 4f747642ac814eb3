import { atom, onMount } from 'nanostores';
import type { SettingReply } from '../shared/api.ts';
import { call } from '../lib/api.ts';

export interface Blacklists {
  countryBlackList: string[];
  ipBlackList: string[];
}

/** Site settings from front/get_setting; `undefined` while loading, `null` when the call failed. */
export const $settings = atom<Blacklists | null | undefined>(undefined);

/** Loads the settings; a failure is logged and leaves nobody blocked (fail-open). */
export async function loadSettings(): Promise<Blacklists | null> {
  try {
    const reply = await call<SettingReply>('front/get_setting');
    const value = { countryBlackList: reply.setting.country_black_list, ipBlackList: reply.setting.ip_black_list };
    $settings.set(value);
    return value;
  } catch (error) {
    console.error('settings could not be loaded', error);
    $settings.set(null);
    return null;
  }
}

onMount($settings, () => {
  // Prerendering subscribes too; only a browser asks the API.
  if (typeof window !== 'undefined' && $settings.get() === undefined) void loadSettings();
});

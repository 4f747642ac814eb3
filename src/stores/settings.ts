import { atom, onMount } from 'nanostores';
import { call } from '../lib/api.ts';

export interface Blacklists {
  countryBlackList: string[];
  ipBlackList: string[];
  /** A third-party chat script to load instead of the built-in chat. */
  chatScriptUrl?: string | undefined;
  /** The visitor's market: the footer's 18+ notice, guest free play (jurisdiction profiles). */
  market?: { ageNotice: boolean; guestFreePlay: boolean } | undefined;
}

/** Site settings from front/get_setting; `undefined` while loading, `null` when the call failed. */
export const $settings = atom<Blacklists | null | undefined>(undefined);

let pending: Promise<Blacklists | null> | undefined;

/** Loads the settings once per page; a failure is logged and blocks nobody (fail-open). */
export function loadSettings(): Promise<Blacklists | null> {
  pending ??= call('front/get_setting').then(
    (reply) => {
      const value = {
        countryBlackList: reply.setting.country_black_list,
        ipBlackList: reply.setting.ip_black_list,
        chatScriptUrl: reply.setting.chat_script_url,
        // An older server's reply has none: SPEC.md's rules then.
        market: { ageNotice: reply.market?.age_notice ?? false, guestFreePlay: reply.market?.guest_free_play ?? true },
      };
      $settings.set(value);
      return value;
    },
    (error: unknown) => {
      console.error('settings could not be loaded', error);
      $settings.set(null);
      return null;
    },
  );
  return pending;
}

onMount($settings, () => {
  // Prerendering subscribes too; only a browser asks the API.
  if (typeof window !== 'undefined') void loadSettings();
});

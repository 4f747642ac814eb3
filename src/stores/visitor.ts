// The client side of the visitor gate (SPEC §4). The server gate already keeps
// blacklisted visitors out before any HTML; this check is the fail-open fallback
// for deployments and moments without it. It also learns the visitor's address
// and country, which registration and login use.
import { map } from 'nanostores';
import { call } from '../lib/api.ts';
import { localHref, session } from '../lib/browser.ts';
import { loadSettings } from './settings.ts';

export interface Visitor {
  ip: string;
  countryCode: string;
  /** The page-ready flag: true once the check has ended, whatever its outcome but a block. */
  ready: boolean;
}

export const $visitor = map<Visitor>({ ip: '', countryCode: '', ready: false });

const CACHE_KEY = 'front.visitor';

async function locate(): Promise<{ ip: string; countryCode: string } | undefined> {
  const cached = session.get(CACHE_KEY);
  if (cached) return JSON.parse(cached) as { ip: string; countryCode: string };
  try {
    const { ip } = await call('front/auth/get_ip');
    const { data } = await call('front/auth/get_ip_stack', { ip });
    const found = { ip: ip.trim(), countryCode: (data.country_code ?? '').toUpperCase() };
    session.set(CACHE_KEY, JSON.stringify(found));
    return found;
  } catch (error) {
    // Logged and passed over: an address lookup must never keep anyone out.
    console.error('visitor IP check failed', error);
    return undefined;
  }
}

function markReady(): void {
  $visitor.setKey('ready', true);
  document.documentElement.dataset.ready = 'true';
}

/** Runs the check once per page; redirects a blacklisted visitor to /restriction. */
export async function checkVisitor(): Promise<void> {
  const [settings, where] = await Promise.all([loadSettings(), locate()]);
  if (where) $visitor.set({ ...$visitor.get(), ip: where.ip, countryCode: where.countryCode });
  if (!settings || !where) {
    markReady();
    return;
  }
  const blocked =
    (where.countryCode !== '' && settings.countryBlackList.includes(where.countryCode)) || (where.ip !== '' && settings.ipBlackList.includes(where.ip));
  const onRestriction = location.pathname.replace(/\/$/, '').endsWith('/restriction');
  if (blocked && !onRestriction) {
    location.replace(localHref('/restriction'));
    return;
  }
  markReady();
}

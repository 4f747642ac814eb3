import type { Locale } from '../shared/locales.ts';
import { translator } from './translations.ts';

export type LobbyPageKind = 'online' | 'live' | 'sports';

/** A lobby page's heading and lead in `locale`. */
export function lobbyHeading(locale: Locale, kind: LobbyPageKind): { title: string; lead: string } {
  const t = translator(locale, 'lobby');
  const prefix = kind === 'online' ? 'casino' : kind;
  return { title: t(`${prefix}_title`), lead: t(`${prefix}_lead`) };
}

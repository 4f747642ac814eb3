// The wallet currency a new player gets. It is chosen once, at registration, and never
// changes (the database refuses it): every amount of the player's wallet is in it.
import { currencyOf, DEFAULT_CURRENCY, isWalletCurrency } from '../../shared/money.ts';

/**
 * The operators' per-country choice first (`settings.currency_by_country`, e.g.
 * `{ IN: 'INR' }`); for a country without one, the interface locale's (INR for `in`);
 * else EUR. An entry naming a currency a wallet cannot hold is ignored.
 */
export function currencyForNewPlayer(byCountry: Record<string, string>, country: string, interfaceLocale: string): string {
  const chosen = byCountry[country.trim().toUpperCase()];
  if (chosen !== undefined && isWalletCurrency(chosen)) return chosen;
  return interfaceLocale === 'in' ? currencyOf(interfaceLocale) : DEFAULT_CURRENCY;
}

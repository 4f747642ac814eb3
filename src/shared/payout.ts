// Where a withdrawal is paid, by processor kind: a bank's account (the bank form, SPEC §3),
// an e-wallet's account, a coin's address. The withdraw form asks for what its kind needs
// and the server requires it; a card processor pays out nowhere (money goes back to a card
// only as a refund of the deposit it came from).
// The shapes here are what both sides check as the player types; the server also checks
// each address's checksum (src/server/payments/addresses.ts), which needs a hash.

export type PayoutKind = 'bank' | 'wallet' | 'crypto';

/** The body field each kind's destination comes in (`bankForm` is the contract's, §14.3). */
export const DESTINATION_FIELD = { bank: 'bankForm', wallet: 'walletAccount', crypto: 'cryptoAddress' } as const satisfies Record<PayoutKind, string>;

/** The fields of each kind's destination, in the order the form shows them. */
export const DESTINATION_FIELDS = {
  bank: ['country', 'accountNumber', 'beneficiaryName', 'swiftCode', 'bankName', 'city', 'zipCode', 'registrationAddress'],
  wallet: ['account'],
  crypto: ['coin', 'address'],
} as const satisfies Record<PayoutKind, readonly string[]>;

export function isPayoutKind(kind: string): kind is PayoutKind {
  return kind in DESTINATION_FIELD;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@.]{2,}$/;

/** An e-wallet account: the e-mail it is registered to, or its account number (letters, digits, spaces and dashes). */
export function validWalletAccount(account: string): boolean {
  const a = account.trim();
  return EMAIL.test(a) || /^[A-Z0-9](?:[A-Z0-9 -]{3,38})[A-Z0-9]$/i.test(a);
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const base58 = (first: string, length = '25,34') => new RegExp(`^${first}${BASE58}{${length}}$`);
const EVM = /^0x[0-9a-fA-F]{40}$/;

/** What an address of each coin the processors name looks like (base58, bech32 or CashAddr, hex for tokens on EVM chains). */
const SHAPES: Record<string, RegExp[]> = {
  BTC: [base58('[13]'), /^(bc1|BC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}$/],
  // A Lightning payout goes to a Lightning address (name@host): an invoice is for one amount and expires.
  'BTC.LN': [EMAIL],
  BCH: [base58('[13]'), /^(bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$/i],
  LTC: [base58('[LM3]'), /^(ltc1|LTC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}$/],
  DASH: [base58('[X7]', '33')],
  DAI: [EVM],
  BUSD: [EVM],
  BNB: [EVM, /^bnb1[02-9ac-hj-np-z]{38}$/],
};

/** Whether `address` has the shape of an address of `coin`; false for a coin we cannot pay in. */
export function cryptoAddressShape(coin: string, address: string): boolean {
  return (SHAPES[coin] ?? []).some((shape) => shape.test(address.trim()));
}

// The account menu of SPEC §2 with its indexes (`?tab=N` of the account page): 0 bet list, 1 personal details,
// 2 deposit, 3 withdraw, 5 change password, 6 log out (4 is not used by the spec;
// the transaction list, the mailbox, safer gambling, security and verification take their own
// slots after them).
export const ACCOUNT_ITEMS = [
  { tab: 0, key: 'bet_list' },
  { tab: 1, key: 'personal_details' },
  { tab: 2, key: 'deposit' },
  { tab: 3, key: 'withdraw' },
  { tab: 7, key: 'transaction_list' },
  { tab: 8, key: 'mail_box' },
  { tab: 5, key: 'change_password' },
  { tab: 9, key: 'safer_gambling' },
  { tab: 10, key: 'security' },
  { tab: 11, key: 'verification' },
  { tab: 6, key: 'log_out' },
] as const;

export type AccountItemKey = (typeof ACCOUNT_ITEMS)[number]['key'];

/** Each item's tab number by key (`ACCOUNT_TAB.deposit` is 2): the one place the numbers are written. */
export const ACCOUNT_TAB = Object.fromEntries(ACCOUNT_ITEMS.map((item) => [item.key, item.tab])) as {
  readonly [I in (typeof ACCOUNT_ITEMS)[number] as I['key']]: I['tab'];
};

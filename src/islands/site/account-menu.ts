// The account menu of SPEC §2 with its indexes: 0 bet list, 1 personal details,
// 2 deposit, 3 withdraw, 5 change password, 6 log out (4 is not used by the spec;
// the transaction list and the mailbox take their own slots after them).
export const ACCOUNT_ITEMS = [
  { tab: 0, key: 'bet_list' },
  { tab: 1, key: 'personal_details' },
  { tab: 2, key: 'deposit' },
  { tab: 3, key: 'withdraw' },
  { tab: 7, key: 'transaction_list' },
  { tab: 8, key: 'mail_box' },
  { tab: 5, key: 'change_password' },
  { tab: 6, key: 'log_out' },
] as const;

export type AccountItemKey = (typeof ACCOUNT_ITEMS)[number]['key'];

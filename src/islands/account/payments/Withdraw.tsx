// Tab 3, the withdrawal: a method, an amount up to the withdrawable real balance, where
// the money goes as the method's kind asks (a bank: the SPEC §3 bank form, IBAN checked by
// its checksum where the country uses IBAN, SWIFT/BIC format; an e-wallet: the account
// there; crypto: a coin and an address of it), "Withdrawal Request Sent" with the scheduled
// message, and the pending withdrawals, each of which the player may cancel.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { countryOptions } from '../../../shared/countries.ts';
import { usesIban, validIban, validSwift } from '../../../shared/iban.ts';
import { ACCOUNT_TAB } from '../../../shared/account-menu.ts';
import { LANGUAGE_TAG, type Locale, localizePath } from '../../../shared/locales.ts';
import { cryptoAddressShape, validWalletAccount } from '../../../shared/payout.ts';
import type { BankForm } from '../../../shared/schemas/payments.ts';
import {
  $paymentBusy,
  $pendingWithdrawals,
  $withdrawalProcessors,
  $withdrawalVerification,
  amountCents,
  amountProblem,
  cancelWithdrawal,
  loadPendingWithdrawals,
  loadProcessors,
  type PaymentRefusal,
  requestWithdrawal,
  type WithdrawalInput,
} from '../../../stores/payments.ts';
import { $session } from '../../../stores/session.ts';
import { toast } from '../../../stores/ui.ts';
import { Field } from '../../forms/Field.tsx';
import { SelectField } from '../list.tsx';
import { protectionText } from '../protection-text.ts';
import { accountText, fmt, validationText } from '../text.ts';
import { Limits, ListStatus, MethodPicker } from './parts.tsx';
import { moneyIn, paymentsText, refusalText, type Texts } from './text.ts';
import './payments.css';

const BANK_FIELDS = ['accountNumber', 'beneficiaryName', 'swiftCode', 'bankName', 'city', 'zipCode', 'registrationAddress'] as const;
type BankField = (typeof BANK_FIELDS)[number];

const LABEL: Record<BankField, keyof Texts['p']> = {
  accountNumber: 'account_number',
  beneficiaryName: 'beneficiary',
  swiftCode: 'swift',
  bankName: 'bank_name',
  city: 'city',
  zipCode: 'zip',
  registrationAddress: 'address',
};

const AUTOCOMPLETE: Partial<Record<BankField, string>> = {
  beneficiaryName: 'name',
  city: 'address-level2',
  zipCode: 'postal-code',
  registrationAddress: 'street-address',
};

/** The bank form's problems as the server would name them (src/shared/schemas/payments.ts). */
export function bankProblems(f: BankForm): Partial<Record<BankField | 'country', string>> {
  const out: Partial<Record<BankField | 'country', string>> = {};
  const min: Record<BankField, number> = { accountNumber: 1, beneficiaryName: 2, swiftCode: 1, bankName: 2, city: 1, zipCode: 1, registrationAddress: 5 };
  for (const field of BANK_FIELDS) if (f[field].trim().length < min[field]) out[field] = 'field_required';
  if (!/^[A-Za-z]{2}$/.test(f.country)) out.country = 'country_validation';
  const account = f.accountNumber.replace(/\s+/g, '');
  if (!out.accountNumber) {
    if (usesIban(f.country)) {
      if (!validIban(account, f.country)) out.accountNumber = 'iban_invalid';
    } else if (!/^[A-Z0-9]{5,34}$/i.test(account)) out.accountNumber = 'account_number_invalid';
  }
  if (!out.swiftCode && !validSwift(f.swiftCode)) out.swiftCode = 'swift_invalid';
  return out;
}

const key = (message: string): PaymentRefusal => ({ status: 0, message, params: [] });

/** A server error's path without the destination it names (`bankForm.city` → `city`, `cryptoAddress.address` → `address`). */
const fieldOf = (path: string) => path.replace(/^(bankForm|walletAccount|cryptoAddress)\./, '');

function Pending({ locale, texts }: { locale: Locale; texts: Texts }) {
  const { p, t } = texts;
  const list = useStore($pendingWithdrawals);
  const [cancelling, setCancelling] = useState<number | null>(null);
  useEffect(() => {
    void loadPendingWithdrawals();
  }, []);

  async function cancel(id: number) {
    if (cancelling !== null) return;
    setCancelling(id);
    const reply = await cancelWithdrawal(id);
    setCancelling(null);
    if (reply.status === 1) toast('success', t.withdrawal_cancelled);
    else toast('danger', refusalText(reply, texts, moneyIn(locale, undefined)));
  }

  return (
    <section className="card acct-box pay-box" aria-labelledby="pay-pending-title" data-testid="pending-withdrawals">
      <h3 id="pay-pending-title">{p.pending_title}</h3>
      <ListStatus list={list} empty={p.pending_empty} retry={() => void loadPendingWithdrawals()} />
      {Array.isArray(list) && list.length > 0 && (
        <ul className="pay-pending">
          {list.map((r) => {
            const amount = moneyIn(locale, r.currency)(r.amount);
            const when = formatDate(r.createdAt, true);
            return (
              <li key={r.id} data-testid="pending-withdrawal">
                <span className="pay-pending-amount">{amount}</span>
                <span className="pay-pending-name">{r.name}</span>
                <time dateTime={r.createdAt}>{when}</time>
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  disabled={cancelling !== null}
                  aria-label={fmt(t.cancel_withdrawal_label, amount, when)}
                  onClick={() => void cancel(r.id)}
                >
                  {cancelling === r.id && <span className="spinner" aria-hidden="true" />} {t.cancel_withdrawal}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Before the form: a withdrawal waits for a verified identity, and where the player gets one. */
function VerifyFirst({ locale, status, texts }: { locale: Locale; status: string; texts: Texts }) {
  const { p } = texts;
  const checking = status === 'pending';
  return (
    <div className="alert pay-verify" role="status" data-testid="withdraw-verify-first">
      <p className="pay-verify-text">{checking ? p.verify_pending_withdraw : p.verify_before_withdraw}</p>
      <a className="btn btn-primary btn-small" href={localizePath(`/user-management?tab=${ACCOUNT_TAB.verification}`, locale)}>
        {checking ? p.verify_status_link : p.verify_link}
      </a>
    </div>
  );
}

export default function Withdraw({ locale, withdrawable, bonusActive }: { locale: Locale; withdrawable?: number | undefined; bonusActive: boolean }) {
  const texts: Texts = { p: useStore(paymentsText), v: useStore(validationText), t: useStore(accountText), g: useStore(protectionText) };
  const { p } = texts;
  const methods = useStore($withdrawalProcessors);
  const verification = useStore($withdrawalVerification);
  const busy = useStore($paymentBusy);
  const playerCountry = useStore($session).user?.country ?? '';
  const [chosenId, setChosen] = useState<number>();
  const [amount, setAmount] = useState('');
  const [bank, setBank] = useState<BankForm>({
    accountNumber: '',
    beneficiaryName: '',
    swiftCode: '',
    bankName: '',
    city: '',
    zipCode: '',
    registrationAddress: '',
    country: '',
  });
  const [walletAccount, setWalletAccount] = useState('');
  const [crypto, setCrypto] = useState({ coin: '', address: '' });
  const [forfeit, setForfeit] = useState(false);
  const [errors, setErrors] = useState<Record<string, PaymentRefusal>>({});
  const [refused, setRefused] = useState<PaymentRefusal>();
  const [sent, setSent] = useState<{ amount: number; currency: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const countries = useMemo(() => countryOptions(LANGUAGE_TAG[locale]), [locale]);

  useEffect(() => {
    void loadProcessors('withdraw');
  }, []);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const list = Array.isArray(methods) ? methods : [];
  const method = list.find((m) => m.id === chosenId) ?? list[0];
  const money = moneyIn(locale, method?.currency);
  const country = bank.country || playerCountry;
  const coins = method?.setting.coins ?? [];
  const coin = coins.includes(crypto.coin) ? crypto.coin : (coins[0] ?? '');
  const errorOf = (field: string) => (errors[field] ? refusalText(errors[field], texts, money) : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!method || busy) return;
    setRefused(undefined);
    const form: BankForm = { ...bank, country };
    const found: Record<string, PaymentRefusal> = {};
    const max = withdrawable !== undefined ? Math.min(withdrawable, method.max_withdraw ?? Number.POSITIVE_INFINITY) : method.max_withdraw;
    const a = amountProblem(amount, method.min_withdraw, max === Number.POSITIVE_INFINITY ? null : max);
    if (a)
      found.amount =
        a.message === 'amount_between' && withdrawable !== undefined && (amountCents(amount) ?? 0) > withdrawable * 100 ? key('withdraw_insufficient') : a;
    const destination: Pick<WithdrawalInput, 'bankForm' | 'walletAccount' | 'cryptoAddress'> = {};
    if (method.kind === 'wallet') {
      if (!walletAccount.trim()) found.account = key('field_required');
      else if (!validWalletAccount(walletAccount)) found.account = key('wallet_account_invalid');
      destination.walletAccount = { account: walletAccount };
    } else if (method.kind === 'crypto') {
      const c = { coin: coin, address: crypto.address };
      if (!c.address.trim()) found.address = key('field_required');
      else if (!cryptoAddressShape(c.coin, c.address)) found.address = key('crypto_address_invalid');
      destination.cryptoAddress = c;
    } else {
      for (const [field, message] of Object.entries(bankProblems(form))) found[field] = key(message);
      destination.bankForm = form;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const reply = await requestWithdrawal({ processorId: method.id, amount, ...destination, forfeitBonus: forfeit });
    if (reply.status === 1) {
      setSent({ amount: reply.amount, currency: reply.currency });
      setAmount('');
      return;
    }
    if (reply.errors) {
      const fields: Record<string, PaymentRefusal> = {};
      for (const [path, message] of Object.entries(reply.errors)) fields[fieldOf(path)] = key(message);
      setErrors(fields);
    } else setRefused(reply);
  }

  if (sent)
    return (
      <>
        <section className="card acct-box pay-box pay-sent" aria-labelledby="pay-sent-title" data-testid="withdrawal-sent">
          <h3 id="pay-sent-title" ref={sentRef} tabIndex={-1}>
            {p.withdraw_sent_title}
          </h3>
          <p>{fmt(p.withdraw_scheduled, moneyIn(locale, sent.currency)(sent.amount))}</p>
          <button type="button" className="btn btn-outline" onClick={() => setSent(null)}>
            {p.new_withdrawal}
          </button>
        </section>
        <Pending locale={locale} texts={texts} />
      </>
    );

  return (
    <>
      <section className="card acct-box pay-box" aria-labelledby="pay-withdraw-title" data-testid="withdraw">
        <h3 id="pay-withdraw-title" className="visually-hidden">
          {texts.t.type_withdrawal}
        </h3>
        <ListStatus list={methods} empty={p.methods_empty} retry={() => void loadProcessors('withdraw')} />
        {/* The player's market wants identity first: said before any field, with the way there, not after nine of them. */}
        {Array.isArray(methods) && verification?.required && <VerifyFirst locale={locale} status={verification.status} texts={texts} />}
        {method && !verification?.required && (
          <form ref={formRef} className="pay-form acct-form" noValidate onSubmit={(e) => void submit(e)}>
            <MethodPicker
              methods={list}
              chosen={method.id}
              onChoose={(id) => {
                setChosen(id);
                setRefused(undefined);
              }}
              texts={texts}
            />
            <Limits method={method} use="withdraw" texts={texts} money={money} locale={locale} />
            <Field
              label={`${p.amount} (${method.currency})`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onValue={setAmount}
              error={errorOf('amount')}
              hint={withdrawable !== undefined ? <span className="acct-hint">{fmt(texts.t.withdrawable, money(withdrawable))}</span> : undefined}
            />
            {method.kind === 'wallet' && (
              <fieldset className="pay-bank">
                <legend>{p.payout_details}</legend>
                <Field
                  label={fmt(p.wallet_account, method.name)}
                  name="account"
                  autoComplete="email"
                  value={walletAccount}
                  onValue={setWalletAccount}
                  error={errorOf('account')}
                />
              </fieldset>
            )}
            {method.kind === 'crypto' && (
              <fieldset className="pay-bank">
                <legend>{p.payout_details}</legend>
                <SelectField label={p.coin} value={coin} onValue={(c) => setCrypto({ ...crypto, coin: c })} error={errorOf('coin')}>
                  {coins.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </SelectField>
                <Field
                  label={fmt(p.payout_address, coin)}
                  name="address"
                  autoComplete="off"
                  spellCheck={false}
                  value={crypto.address}
                  onValue={(address) => setCrypto({ ...crypto, address })}
                  error={errorOf('address')}
                />
              </fieldset>
            )}
            {method.kind !== 'wallet' && method.kind !== 'crypto' && (
              <fieldset className="pay-bank">
                <legend>{p.bank_details}</legend>
                <SelectField label={p.bank_country} value={country} onValue={(c) => setBank({ ...bank, country: c })} error={errorOf('country')}>
                  <option value="" disabled>
                    —
                  </option>
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </SelectField>
                {BANK_FIELDS.map((field) => (
                  <Field
                    key={field}
                    label={p[LABEL[field]]}
                    name={field}
                    autoComplete={AUTOCOMPLETE[field] ?? 'off'}
                    value={bank[field]}
                    onValue={(value) => setBank({ ...bank, [field]: value })}
                    error={errorOf(field)}
                  />
                ))}
              </fieldset>
            )}
            {bonusActive && (
              <label className="pay-check">
                <input type="checkbox" checked={forfeit} onChange={(e) => setForfeit(e.target.checked)} /> {p.forfeit_bonus}
              </label>
            )}
            {refused && (
              <p className="alert alert-danger" role="alert" data-testid="withdraw-refused">
                {refusalText(refused, texts, money)}
              </p>
            )}
            <button type="submit" className="btn btn-primary pay-submit" disabled={busy} aria-busy={busy || undefined}>
              {busy && <span className="spinner" aria-hidden="true" />} {p.withdraw_button}
            </button>
          </form>
        )}
      </section>
      <Pending locale={locale} texts={texts} />
    </>
  );
}

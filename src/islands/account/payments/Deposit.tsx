// Tab 2, the deposit: a method, an amount, the card fields for a card method (they go to
// the provider's tokenizing endpoint, never to our API), the promo code, and whatever the
// processor answers: a redirect, a form posted after 500 ms, HTML, a popup, or a crypto
// address with its QR code. Back from the cashier, the outcome is read from the server.
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ACCOUNT_TAB } from '../../../shared/account-menu.ts';
import type { DepositReply } from '../../../shared/payments.ts';
import type { Locale } from '../../../shared/locales.ts';
import {
  $depositProcessors,
  $depositResult,
  $paymentBusy,
  amountCents,
  amountProblem,
  type CardFields,
  cardProblems,
  checkDepositReturn,
  continueDeposit,
  type DepositOutcome,
  firstAnnouncement,
  loadProcessors,
  type PaymentRefusal,
  startDeposit,
} from '../../../stores/payments.ts';
import { bonusCode, toast } from '../../../stores/ui.ts';
import { Field } from '../../forms/Field.tsx';
import { SelectField } from '../list.tsx';
import { protectionText } from '../protection-text.ts';
import { accountText, fmt, validationText } from '../text.ts';
import { CardForm } from './CardForm.tsx';
import { CryptoAddress } from './CryptoAddress.tsx';
import { Limits, ListStatus, MethodPicker } from './parts.tsx';
import { failureReason, moneyIn, paymentsText, refusalText, type Texts } from './text.ts';
import './payments.css';

type AddressReply = Extract<DepositReply, { reply: 'address' }>;
type Step = { kind: 'form' } | { kind: 'leaving' } | { kind: 'popup_blocked'; url: string } | { kind: 'address'; reply: AddressReply };

/** "Deposit €10.00", or "Deposit" while the amount is not one. */
const payLabel = (text: string, cents: number | undefined, money: (n: number) => string) =>
  fmt(text, cents === undefined || cents < 1 ? '' : money(cents / 100)).trim();

const EMPTY_CARD: CardFields = { name: '', number: '', exp_month: '', exp_year: '', cvc: '' };

/** The outcome of a deposit the player came back from (SPEC: "The deposit for {0} is complete!" / "could not be deposited!"). */
function Outcome({ outcome, texts, locale }: { outcome: DepositOutcome; texts: Texts; locale: Locale }) {
  const amount = moneyIn(locale, outcome.currency)(outcome.amount);
  if (outcome.state === 'pending')
    return (
      <p className="alert pay-outcome" role="status" data-testid="deposit-outcome">
        {fmt(texts.p.deposit_pending, amount)}
      </p>
    );
  const ok = outcome.state === 'complete';
  const why = ok ? undefined : failureReason(outcome.reason, texts);
  const bonus = ok ? outcome.bonus : null;
  return (
    <div className={`alert ${ok ? 'alert-success' : 'alert-danger'} pay-outcome`} role="alert" data-testid="deposit-outcome" data-state={outcome.state}>
      <p>
        {fmt(ok ? texts.p.deposit_success : texts.p.deposit_fail, amount)}
        {why && <span className="pay-reason"> {why}</span>}
      </p>
      {bonus && (
        <p data-testid="deposit-bonus">
          {'amount' in bonus
            ? fmt(bonus.free_bet ? texts.p.free_bet_granted : texts.p.bonus_granted, moneyIn(locale, outcome.currency)(bonus.amount))
            : `${texts.p.bonus_not_granted} ${refusalText({ message: bonus.refused, params: [] }, texts, moneyIn(locale, outcome.currency))}`}
        </p>
      )}
    </div>
  );
}

export default function Deposit({ locale, promo }: { locale: Locale; promo?: ReactNode }) {
  const texts: Texts = { p: useStore(paymentsText), v: useStore(validationText), t: useStore(accountText), g: useStore(protectionText) };
  const { p } = texts;
  const methods = useStore($depositProcessors);
  const busy = useStore($paymentBusy);
  const [chosenId, setChosen] = useState<number>();
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [coin, setCoin] = useState('');
  const [errors, setErrors] = useState<Record<string, PaymentRefusal>>({});
  const [refused, setRefused] = useState<PaymentRefusal>();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [outcome, setOutcome] = useState<DepositOutcome | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the cashier's return is read once, when the tab opens
  useEffect(() => {
    void loadProcessors('deposit');
    const query = new URLSearchParams(location.search);
    void checkDepositReturn(query).then((found) => {
      if (!found) return;
      setOutcome(found);
      // The address bar keeps the tab, not the cashier's reference: a reload does not announce it again.
      history.replaceState(history.state, '', `${location.pathname}?tab=${ACCOUNT_TAB.deposit}`);
      if (found.state !== 'pending' && found.txId && !firstAnnouncement(found.txId)) return;
      announce(found);
    });
  }, []);

  // The provider's answer while this tab is open (a popup, a hosted page in another tab, a
  // crypto payment): the server's `deposit_result` push, announced at once.
  const pushed = useStore($depositResult);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a push is announced once, when it arrives
  useEffect(() => {
    if (!pushed || !firstAnnouncement(pushed.tx_id)) return;
    const found: DepositOutcome = {
      state: pushed.status === 1 ? 'complete' : 'failed',
      txId: pushed.tx_id,
      amount: pushed.amount,
      currency: pushed.currency,
      reason: pushed.reason,
      bonus: null,
    };
    setOutcome(found);
    setStep({ kind: 'form' });
    announce(found);
  }, [pushed]);

  function announce(found: DepositOutcome) {
    const amount = moneyIn(locale, found.currency)(found.amount);
    if (found.state === 'complete') toast('success', fmt(p.deposit_success, amount));
    else if (found.state === 'failed') toast('danger', [fmt(p.deposit_fail, amount), failureReason(found.reason, texts)].filter(Boolean).join(' '));
  }

  const list = Array.isArray(methods) ? methods : [];
  const method = list.find((m) => m.id === chosenId) ?? list[0];
  const money = moneyIn(locale, method?.currency);
  const coins = method?.setting.coins ?? [];
  const errorOf = (field: string) => (errors[field] ? refusalText(errors[field], texts, money) : undefined);

  function choose(id: number) {
    setChosen(id);
    setErrors({});
    setRefused(undefined);
    setStep({ kind: 'form' });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!method || busy) return;
    setRefused(undefined);
    const found: Record<string, PaymentRefusal> = {};
    const a = amountProblem(amount, method.min_deposit, method.max_deposit);
    if (a) found.amount = a;
    if (method.kind === 'card') for (const [field, key] of Object.entries(cardProblems(card))) found[field] = { status: 0, message: key, params: [] };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const reply = await startDeposit({
      processor: method,
      amount,
      promotion: bonusCode(),
      locale,
      coin: method.kind === 'crypto' ? coin || coins[0] : undefined,
      card: method.kind === 'card' ? card : undefined,
    });
    if (reply.status === 0) {
      if (reply.field) setErrors({ [reply.field === 'name' ? 'name' : reply.field]: reply });
      else setRefused(reply);
      return;
    }
    const next = continueDeposit(reply);
    if (next === 'address' && reply.reply === 'address') setStep({ kind: 'address', reply });
    else if (next === 'popup_blocked' && 'redirect_url' in reply) setStep({ kind: 'popup_blocked', url: reply.redirect_url });
    else if (next === 'left') setStep({ kind: 'leaving' });
  }

  return (
    <section className="card acct-box pay-box" aria-labelledby="pay-deposit-title" data-testid="deposit">
      <h3 id="pay-deposit-title" className="visually-hidden">
        {texts.t.type_deposit}
      </h3>
      {outcome && <Outcome outcome={outcome} texts={texts} locale={locale} />}
      <ListStatus list={methods} empty={p.methods_empty} retry={() => void loadProcessors('deposit')} />
      {method && (
        <form ref={formRef} className="pay-form acct-form" noValidate onSubmit={(e) => void submit(e)}>
          <MethodPicker methods={list} chosen={method.id} onChoose={choose} texts={texts} />
          <Limits method={method} use="deposit" texts={texts} money={money} locale={locale} />
          <Field
            label={`${p.amount} (${method.currency})`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onValue={setAmount}
            error={errorOf('amount')}
          />
          {method.kind === 'crypto' && coins.length > 1 && (
            <SelectField label={p.coin} value={coin || coins[0]} onValue={setCoin}>
              {coins.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          )}
          {method.kind === 'card' && <CardForm card={card} onCard={setCard} errorOf={errorOf} texts={texts} />}
          {promo}
          {refused && (
            <p className="alert alert-danger" role="alert" data-testid="deposit-refused">
              {refusalText(refused, texts, money)}
            </p>
          )}
          {step.kind === 'leaving' && (
            <p className="acct-state" role="status">
              <span className="spinner" aria-hidden="true" /> {p.redirecting}
            </p>
          )}
          {step.kind === 'popup_blocked' && (
            <p className="alert alert-danger" role="alert">
              {p.popup_blocked}{' '}
              <a href={step.url} target="_blank" rel="noopener">
                {p.open_payment}
              </a>
            </p>
          )}
          {step.kind === 'address' ? (
            <CryptoAddress reply={step.reply} texts={texts} locale={locale} />
          ) : (
            <>
              {method.kind !== 'card' && method.kind !== 'crypto' && <p className="acct-note">{p.provider_note}</p>}
              <button type="submit" className="btn btn-primary pay-submit" disabled={busy || step.kind === 'leaving'} aria-busy={busy || undefined}>
                {busy && <span className="spinner" aria-hidden="true" />}{' '}
                {method.kind === 'crypto' ? p.show_address : payLabel(p.pay, amountCents(amount), money)}
              </button>
            </>
          )}
        </form>
      )}
    </section>
  );
}

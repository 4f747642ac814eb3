// What the deposit and withdraw tabs share: the method picker (a radio group, so arrow
// keys move between methods), a method's limits and fee, and the loading, empty and
// error states of a list.
import { useId } from 'react';
import type { ProcessorRow } from '../../../shared/payments.ts';
import type { Loaded } from '../../../stores/payments.ts';
import type { Texts } from './text.ts';
import { LoadFailed, Loading } from '../states.tsx';

export function MethodPicker({
  methods,
  chosen,
  onChoose,
  texts,
}: {
  methods: ProcessorRow[];
  chosen: number | undefined;
  onChoose: (id: number) => void;
  texts: Texts;
}) {
  const name = useId();
  return (
    <fieldset className="pay-methods">
      <legend>{texts.p.method}</legend>
      <div className="pay-method-list">
        {methods.map((m) => (
          <label key={m.id} className={`pay-method${m.id === chosen ? ' is-chosen' : ''}`} data-processor={m.id}>
            <input type="radio" name={name} value={m.id} checked={m.id === chosen} onChange={() => onChoose(m.id)} />
            <span className={`pay-logo pay-logo-${m.kind}`} aria-hidden="true" />
            <span className="pay-method-name">{m.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Min, max, daily limit and fee of a method (SPEC §5's labels), in the wallet's currency. */
export function Limits({
  method,
  use,
  texts,
  money,
  locale,
}: {
  method: ProcessorRow;
  use: 'deposit' | 'withdraw';
  texts: Texts;
  money: (n: number) => string;
  locale: string;
}) {
  const { p } = texts;
  const min = use === 'deposit' ? method.min_deposit : method.min_withdraw;
  const max = use === 'deposit' ? method.max_deposit : method.max_withdraw;
  const percent = new Intl.NumberFormat(locale === 'in' ? 'en-IN' : undefined, { style: 'percent', maximumFractionDigits: 2 }).format(method.fee.percent / 100);
  const fee = [method.fee.percent > 0 ? percent : '', method.fee.fixed > 0 ? money(method.fee.fixed) : ''].filter(Boolean).join(' + ') || money(0);
  return (
    <dl className="pay-limits" data-testid="pay-limits">
      <div>
        <dt>{p.min_label}</dt>
        <dd>{money(min)}</dd>
      </div>
      {max !== null && (
        <div>
          <dt>{p.max_label}</dt>
          <dd>{money(max)}</dd>
        </div>
      )}
      {use === 'deposit' && method.limit !== null && (
        <div>
          <dt>{p.limit_label}</dt>
          <dd>{money(method.limit)}</dd>
        </div>
      )}
      {use === 'deposit' && (
        <div>
          <dt>{p.fee_label}</dt>
          <dd>{fee}</dd>
        </div>
      )}
    </dl>
  );
}

/** The state of a list that is not (yet) a list: loading, failed with a retry, or empty. */
export function ListStatus<T>({ list, empty, retry }: { list: Loaded<T>; empty: string; retry: () => void }) {
  if (list === null) return <Loading />;
  if (list === 'failed') return <LoadFailed retry={retry} />;
  return list.length === 0 ? <p className="acct-note">{empty}</p> : null;
}

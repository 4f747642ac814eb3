// What the deposit and withdraw tabs share: the method picker (a radio group, so arrow
// keys move between methods, grouped by kind with a filter), a method's limits and fee, and
// the loading, empty and error states of a list.
import { useId, useState } from 'react';
import type { ProcessorRow } from '../../../shared/payments.ts';
import type { Loaded } from '../../../stores/payments.ts';
import { SelectField } from '../../forms/SelectField.tsx';
import type { Texts } from './text.ts';
import { LoadFailed, Loading } from '../states.tsx';

type Kind = ProcessorRow['kind'];

const KIND_TEXT: Record<Kind, 'kind_card' | 'kind_bank' | 'kind_wallet' | 'kind_crypto'> = {
  card: 'kind_card',
  bank: 'kind_bank',
  wallet: 'kind_wallet',
  crypto: 'kind_crypto',
};

/** The filter appears once the list is long enough to look for a method in it. */
const FILTER_FROM = 7;

/**
 * The methods as tiles whose names are never cut (they wrap), grouped by kind — card, bank,
 * e-wallet, crypto, in the order the list's priority first names them — under a filter by
 * kind. Choosing a kind chooses its first method, so the form below always fits what is shown.
 */
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
  const { p } = texts;
  const name = useId();
  const [kind, setKind] = useState<Kind | 'all'>('all');
  const kinds = [...new Set(methods.map((m) => m.kind))];
  const filtered = kinds.length > 1 && methods.length >= FILTER_FROM;
  const shownKinds = kind === 'all' || !kinds.includes(kind) ? kinds : [kind];
  const count = (k: Kind) => methods.filter((m) => m.kind === k).length;

  function filter(next: string) {
    const k = next as Kind | 'all';
    setKind(k);
    const first = k === 'all' ? undefined : methods.find((m) => m.kind === k);
    if (first && methods.find((m) => m.id === chosen)?.kind !== k) onChoose(first.id);
  }

  return (
    <fieldset className="pay-methods">
      <legend>{p.method}</legend>
      {filtered && (
        <SelectField label={p.method_kind} value={kind} onValue={filter} className="pay-kind" name="method_kind">
          <option value="all">{`${p.kind_all} (${methods.length})`}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {`${p[KIND_TEXT[k]]} (${count(k)})`}
            </option>
          ))}
        </SelectField>
      )}
      {shownKinds.map((k) => (
        <div key={k} className="pay-method-group" data-kind={k}>
          {filtered && shownKinds.length > 1 && <p className="pay-kind-title">{p[KIND_TEXT[k]]}</p>}
          <div className="pay-method-list">
            {methods
              .filter((m) => m.kind === k)
              .map((m) => (
                <label key={m.id} className={`pay-method${m.id === chosen ? ' is-chosen' : ''}`} data-processor={m.id}>
                  <input type="radio" name={name} value={m.id} checked={m.id === chosen} onChange={() => onChoose(m.id)} />
                  <span className={`pay-logo pay-logo-${m.kind}`} aria-hidden="true" />
                  <span className="pay-method-name">{m.name}</span>
                </label>
              ))}
          </div>
        </div>
      ))}
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

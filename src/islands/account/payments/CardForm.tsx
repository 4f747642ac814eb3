// The SPEC's card deposit fields (cardholder name, card number, month, year, CVV), each
// with a visible label and its own message. They are posted to the provider's tokenizing
// endpoint by the store; our API only receives the token.
import { Field } from '../../forms/Field.tsx';
import type { CardFields } from '../../../stores/payments.ts';
import type { Texts } from './text.ts';

export function CardForm({
  card,
  onCard,
  errorOf,
  texts,
}: {
  card: CardFields;
  onCard: (card: CardFields) => void;
  errorOf: (field: string) => string | undefined;
  texts: Texts;
}) {
  const { p } = texts;
  const set = (field: keyof CardFields) => (value: string) => onCard({ ...card, [field]: value });
  return (
    <fieldset className="pay-card" data-testid="card-form">
      <legend className="visually-hidden">{p.card_number}</legend>
      <p className="acct-note pay-card-note">{p.card_note}</p>
      <Field label={p.card_holder} name="cc-name" autoComplete="cc-name" value={card.name} onValue={set('name')} error={errorOf('name')} />
      <Field
        label={p.card_number}
        name="cc-number"
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        value={card.number}
        onValue={set('number')}
        error={errorOf('number')}
      />
      <div className="pay-card-row">
        <Field
          label={p.exp_month}
          name="cc-exp-month"
          autoComplete="cc-exp-month"
          inputMode="numeric"
          placeholder="MM"
          maxLength={2}
          value={card.exp_month}
          onValue={set('exp_month')}
          error={errorOf('exp_month')}
        />
        <Field
          label={p.exp_year}
          name="cc-exp-year"
          autoComplete="cc-exp-year"
          inputMode="numeric"
          placeholder="YYYY"
          maxLength={4}
          value={card.exp_year}
          onValue={set('exp_year')}
          error={errorOf('exp_year')}
        />
        <Field
          label={p.cvv}
          name="cc-csc"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          value={card.cvc}
          onValue={set('cvc')}
          error={errorOf('cvc')}
        />
      </div>
    </fieldset>
  );
}

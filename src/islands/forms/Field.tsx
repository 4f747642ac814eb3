import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { FormApi } from './use-form.ts';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The translated error, shown once the field was touched. */
  error?: string | undefined;
  valid?: boolean;
  hint?: ReactNode;
  children?: ReactNode;
}

/**
 * A labelled input with the spec's valid (green) and invalid (red) states and feedback text.
 * An empty field is never green: an optional field left empty has nothing to approve.
 */
export function Field({ label, value, onValue, error, valid, hint, children, ...input }: FieldProps) {
  const id = useId();
  const feedback = `${id}-feedback`;
  const approved = valid && value.trim() !== '';
  return (
    <div className={`field${error ? ' is-invalid' : approved ? ' is-valid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children ?? (
        <input
          id={id}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? feedback : undefined}
          {...input}
          // React focuses an autoFocus field before the dialog around it is open, which fails; the modal focuses it again once open.
          data-autofocus={input.autoFocus ? '' : undefined}
        />
      )}
      {hint}
      {error && (
        <span id={feedback} className="feedback" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

interface BoundFieldProps<V extends Record<string, unknown>> extends Omit<FieldProps, 'value' | 'onValue' | 'error' | 'name' | 'form'> {
  form: FormApi<V, unknown>;
  name: keyof V & string;
  /** The catalogue namespace its errors are words in. */
  catalog: Readonly<Record<string, string>>;
}

/** A Field wired to a form's value, its touched state and its translated error. */
export function BoundField<V extends Record<string, unknown>>({ form, name, catalog, ...field }: BoundFieldProps<V>) {
  return (
    <Field
      name={name}
      value={String(form.values[name] ?? '')}
      onValue={(value) => form.set(name, value as V[typeof name])}
      onBlur={() => form.touch(name)}
      error={form.message(name, catalog)}
      {...field}
    />
  );
}

import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  label: string;
  onValue: (value: string) => void;
  children: ReactNode;
  error?: string | undefined;
}

/** A labelled select in the site's .field style. */
export function SelectField({ label, onValue, children, error, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-feedback` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <span id={`${id}-feedback`} className="feedback" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

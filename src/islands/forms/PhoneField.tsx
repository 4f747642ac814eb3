import { useId } from 'react';
import { dialOptions, LazyOptionsSelect } from './LazyOptions.tsx';

interface Props {
  label: string;
  dialLabel: string;
  /** The dial code's empty choice ("Choose"), for a form that preselects none. */
  dialChoose?: string;
  dial: string;
  local: string;
  onDial: (dial: string) => void;
  onLocal: (local: string) => void;
  onBlur: () => void;
  /** The translated error, or undefined while there is none to show. */
  error: string | undefined;
}

/** A phone number as the forms take it: the dial code, then the local digits. */
export function PhoneField({ label, dialLabel, dialChoose, dial, local, onDial, onLocal, onBlur, error }: Props) {
  const id = useId();
  return (
    <div className={`field${error ? ' is-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="phone">
        <LazyOptionsSelect
          name="countryPhone"
          aria-label={dialLabel}
          value={dial}
          onChange={(e) => onDial(e.target.value)}
          current={<option value={dial}>{dial || dialChoose}</option>}
          options={() =>
            dialChoose === undefined
              ? dialOptions()
              : [
                  <option key="" value="">
                    {dialChoose}
                  </option>,
                  dialOptions(),
                ]
          }
        />
        <input
          id={id}
          name="phone_number1"
          inputMode="numeric"
          autoComplete="tel-national"
          value={local}
          onChange={(e) => onLocal(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-feedback` : undefined}
        />
      </div>
      {error && (
        <span id={`${id}-feedback`} className="feedback" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

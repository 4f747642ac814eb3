import { type ReactNode, type SelectHTMLAttributes, useState } from 'react';
import { DIAL_CODES } from '../../shared/countries.ts';

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  /** The option shown before the visitor reaches for the select. */
  current: ReactNode;
  /** All options; built only once the select is hovered, touched or focused. */
  options: () => ReactNode;
}

/**
 * A select with hundreds of options (countries, dial codes) costs a long task to
 * build. It shows its current value alone until the visitor comes near it, then
 * renders the full list: the page stays responsive while it loads.
 */
export function LazyOptionsSelect({ current, options, ...select }: Props) {
  const [full, setFull] = useState(false);
  const expand = () => setFull(true);
  return (
    <select {...select} onPointerEnter={expand} onFocus={expand} onTouchStart={expand}>
      {full ? options() : current}
    </select>
  );
}

/** Every dial code once, in numeric order. */
export function dialOptions(): ReactNode {
  return [...new Set(Object.values(DIAL_CODES))]
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
    .map((dial) => (
      <option key={dial} value={dial}>
        {dial}
      </option>
    ));
}

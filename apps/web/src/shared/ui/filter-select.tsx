import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface Props<V extends string> {
  className: string;
  /** The accessible name, e.g. "Filter by status". */
  label: string;
  /** The first choice, which filters nothing, e.g. "All statuses". */
  allLabel: string;
  value: V | '';
  options: readonly V[];
  optionLabel: (value: V) => string;
  onChange: (value: V | '') => void;
  /** Extra choices after the first one (e.g. the selected value while the options are still loading). */
  children?: ReactNode;
}

/** One filter of a list's filter bar: "All …" then one choice per value. */
export function FilterSelect<V extends string>({ className, label, allLabel, value, options, optionLabel, onChange, children }: Props<V>) {
  return (
    <Form.Select className={className} aria-label={label} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
      <option value="">{allLabel}</option>
      {children}
      {options.map((v) => (
        <option key={v} value={v}>
          {optionLabel(v)}
        </option>
      ))}
    </Form.Select>
  );
}

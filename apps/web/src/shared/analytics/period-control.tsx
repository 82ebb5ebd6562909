import Form from 'react-bootstrap/Form';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { ANALYTICS_BUCKETS, ANALYTICS_RANGES, HOURLY_MAX_DAYS, type AnalyticsRange } from '@admin-portal/contract/analytics/period';
import { BUCKET_LABELS, chooseBucket, chooseDay, choosePreset, effectiveBucket, hourAllowed, RANGE_BUTTON_LABELS, type PeriodState } from './period-state.ts';
import './period-control.css';

interface Props {
  /** Unique on the page (the inputs' ids derive from it). */
  id: string;
  value: PeriodState;
  /** Today in the time zone the figures are counted in (the latest day a custom period may start). */
  today: string;
  onChange: (next: PeriodState) => void;
  /** What is wrong with the chosen days, shown under the date inputs. */
  problem?: string | null;
}

/**
 * The period of an analytics page: presets (Today, 7, 30, 90 days), Custom with two days, and how the figures over
 * time are grouped (hours only for periods of up to 14 days). The page keeps the value in its URL.
 */
export function PeriodControl({ id, value, today, onChange, problem }: Props) {
  const hours = hourAllowed(value);
  const bucket = effectiveBucket(value);
  return (
    <div className="period-control d-flex flex-wrap align-items-end gap-2" role="group" aria-label="Period">
      <ToggleButtonGroup
        type="radio"
        name={`${id}-range`}
        value={value.range}
        onChange={(range: AnalyticsRange) => onChange(choosePreset(value, range, today))}
        aria-label="Period preset"
        className="period-presets"
      >
        {ANALYTICS_RANGES.map((range) => (
          <ToggleButton key={range} id={`${id}-range-${range}`} value={range} variant="outline-primary" size="sm">
            {RANGE_BUTTON_LABELS[range]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value.range === 'custom' && (
        <div className="d-flex flex-wrap align-items-end gap-2">
          <Form.Group controlId={`${id}-from`}>
            <Form.Label className="small mb-0">From</Form.Label>
            <Form.Control
              type="date"
              size="sm"
              value={value.from}
              max={today}
              isInvalid={!!problem}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => onChange(chooseDay(value, 'from', e.target.value))}
            />
          </Form.Group>
          <Form.Group controlId={`${id}-to`}>
            <Form.Label className="small mb-0">To</Form.Label>
            <Form.Control
              type="date"
              size="sm"
              value={value.to}
              isInvalid={!!problem}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => onChange(chooseDay(value, 'to', e.target.value))}
            />
          </Form.Group>
        </div>
      )}
      <Form.Group controlId={`${id}-bucket`} className="period-bucket">
        <Form.Label className="small mb-0">Group by</Form.Label>
        <Form.Select size="sm" value={bucket} onChange={(e) => onChange(chooseBucket(value, e.target.value as typeof bucket))}>
          {ANALYTICS_BUCKETS.map((b) => (
            <option
              key={b}
              value={b}
              disabled={b === 'hour' && !hours}
              title={b === 'hour' && !hours ? `Hours are for periods of up to ${HOURLY_MAX_DAYS} days` : undefined}
            >
              {BUCKET_LABELS[b]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {problem && (
        <div id={`${id}-problem`} className="w-100 small text-danger-emphasis" role="alert">
          {problem}
        </div>
      )}
    </div>
  );
}

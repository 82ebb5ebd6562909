import { changeText, compareWithPrevious, trendSentence, type TrendKind } from '../lib/trend.ts';

export interface TrendInput {
  current: number | null;
  previous: number | null;
  kind: TrendKind;
  /** true: more is better; false: less is; null: neither (no colour). */
  upIsGood: boolean | null;
  /** How the previous value reads ("40", "75%", "2.5 h"). */
  format: (value: number) => string;
}

const ARROWS = { up: '▲', down: '▼', same: '▬', unknown: '' } as const;
const TONES = { good: 'success', bad: 'danger', neutral: 'secondary' } as const;

/**
 * A figure's change from the previous period: an arrow and the change, green when it is good news and red when it
 * is bad, and the comparison in words for screen readers ("up 12% from 40 in the previous period").
 */
export function TrendBadge({ current, previous, kind, upIsGood, format }: TrendInput) {
  const trend = compareWithPrevious(current, previous, kind, upIsGood);
  const sentence = trendSentence(trend, kind, previous === null ? '—' : format(previous));
  if (trend.direction === 'unknown') {
    return (
      <span className="small text-body-secondary" data-trend="unknown">
        No previous figure
      </span>
    );
  }
  const tone = TONES[trend.tone];
  const size = changeText(trend, kind);
  return (
    <span className="d-inline-flex flex-wrap align-items-baseline gap-2" data-trend={trend.direction} title={sentence}>
      <span className={`badge rounded-pill bg-${tone}-subtle text-${tone}-emphasis border border-${tone}-subtle trend-badge`} aria-hidden="true">
        {ARROWS[trend.direction]}
        {size ? ` ${size}` : trend.direction === 'same' ? ' same' : ''}
      </span>
      <span className="small text-body-secondary" aria-hidden="true">
        vs {format(previous!)}
      </span>
      <span className="visually-hidden">{sentence}</span>
    </span>
  );
}

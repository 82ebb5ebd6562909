import { describe, expect, it } from 'vitest';
import { reviewTags } from './review-tags.ts';

describe('an approval step’s tags on the canvas', () => {
  it('names four eyes, a deadline in minutes and escalation, and nothing for other steps', () => {
    expect(reviewTags('approval', { sla_hours: 24 })).toEqual([]);
    expect(reviewTags('approval', { second_decision: 'always', sla_minutes: 15, escalate: true }).map((t) => t.text)).toEqual([
      '4 eyes',
      '15 min',
      'escalates',
    ]);
    expect(reviewTags('approval', { second_decision: 'when', second_when: 'data.amount > 10000' })).toEqual([
      { text: '4 eyes if', title: 'A second decision by someone else when data.amount > 10000' },
    ]);
    expect(reviewTags('tool', { second_decision: 'always' })).toEqual([]);
  });
});

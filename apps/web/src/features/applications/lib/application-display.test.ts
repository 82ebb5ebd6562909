import { describe, expect, it } from 'vitest';
import { dueLabel, formatBytes, formatDuration, mayDecide, statusDetail } from './application-display.ts';

describe('application display', () => {
  it('formats durations from milliseconds to days', () => {
    expect([
      formatDuration(850),
      formatDuration(12_400),
      formatDuration(245_000),
      formatDuration(3 * 3600_000 + 20 * 60_000),
      formatDuration(52 * 3600_000),
      formatDuration(null),
    ]).toEqual(['850 ms', '12 s', '4 min 5 s', '3 h 20 min', '2 d 4 h', '—']);
  });

  it('says what a case waits for and how it ended', () => {
    expect(statusDetail({ status: 'waiting', waiting_for: 'approval', outcome: null })).toBe('for review');
    expect(statusDetail({ status: 'completed', waiting_for: null, outcome: 'rejected' })).toBe('Rejected');
    expect(statusDetail({ status: 'completed', waiting_for: null, outcome: 'completed' })).toBeNull();
  });

  it('marks deadlines ahead and past', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(dueLabel('2026-11-25T14:00:00Z', now)).toBe('in 2 h');
    expect(dueLabel('2026-11-25T11:30:00Z', now)).toBe('30 min overdue');
  });

  it('lets the assignee role, admins and super admins decide, nobody else', () => {
    expect(mayDecide('operator', 'operator')).toBe(true);
    expect(mayDecide('admin', 'compliance_officer')).toBe(true);
    expect(mayDecide('manager', 'operator')).toBe(false);
    expect(formatBytes(2048)).toBe('2.0 KB');
  });
});

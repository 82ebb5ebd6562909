import { describe, expect, it } from 'vitest';
import type { ApplicationStreamEvent, ApplicationSummary } from '@admin-portal/contract/applications/api';
import { applyEvents, EMPTY_LIVE_ROWS, matchesFilters, visibleRows } from './live-rows.ts';
import { parseMonitorState } from './monitor-state.ts';

const WF = '11111111-1111-4111-8111-111111111111';
const summary = (id: string, patch: Partial<ApplicationSummary> = {}): ApplicationSummary => ({
  id,
  organization_id: '22222222-2222-4222-8222-222222222222',
  workflow_id: WF,
  workflow_name: 'KYC',
  workflow_version: 1,
  status: 'running',
  outcome: null,
  waiting_for: null,
  wait_until: null,
  current_step_id: null,
  current_step_name: null,
  current_step_type: null,
  applicant_name: 'Ada Lovelace',
  applicant_email: 'ada@example.com',
  external_ref: null,
  source: 'api',
  error: null,
  review_due_at: null,
  overdue: false,
  escalated_at: null,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  completed_at: null,
  ...patch,
});
let seq = 0;
const event = (
  application: ApplicationSummary | null,
  id = application?.id ?? 'x',
  type: ApplicationStreamEvent['type'] = 'step_entered',
): ApplicationStreamEvent => ({
  id: `1-${++seq}`,
  application_id: id,
  organization_id: '22222222-2222-4222-8222-222222222222',
  workflow_id: WF,
  type,
  step_id: null,
  step_type: null,
  actor_type: 'system',
  actor_id: null,
  data: {},
  error: null,
  created_at: '2026-11-25T10:00:00.000Z',
  application,
});
const noFilters = parseMonitorState(new URLSearchParams());

describe('live rows', () => {
  it('adds a new case on top, updates one on screen in place, and drops an erased one', () => {
    const page = [summary('b'), summary('c')];
    const onScreen = (id: string) => page.some((r) => r.id === id);
    let rows = applyEvents(EMPTY_LIVE_ROWS, [event(summary('a'), 'a', 'application_created')], noFilters, onScreen);
    rows = applyEvents(rows, [event(summary('c', { status: 'waiting', updated_at: '2026-11-25T10:00:05.000Z' }))], noFilters, onScreen);
    expect(visibleRows(rows, page).map((r) => [r.id, r.status])).toEqual([
      ['a', 'running'],
      ['b', 'running'],
      ['c', 'waiting'],
    ]);
    expect(rows.changes.get('c')).toBe(1);
    rows = applyEvents(rows, [event(null, 'b', 'application_cancelled')], noFilters, onScreen);
    expect(visibleRows(rows, page).map((r) => r.id)).toEqual(['a', 'c']);
    expect(rows.applied).toBe(3);
  });

  it('puts the newest of a batch first and never adds a case twice', () => {
    const rows = applyEvents(
      EMPTY_LIVE_ROWS,
      [event(summary('a')), event(summary('b')), event(summary('a', { updated_at: '2026-11-25T10:00:01.000Z' }))],
      noFilters,
      () => false,
    );
    expect(rows.added).toEqual(['b', 'a']);
    expect(visibleRows(rows, []).map((r) => r.id)).toEqual(['b', 'a']);
  });

  it('ignores a state older than the one it has (events replayed after a reconnect)', () => {
    const fresh = summary('a', { status: 'completed', updated_at: '2026-11-25T10:00:09.000Z' });
    let rows = applyEvents(EMPTY_LIVE_ROWS, [event(fresh)], noFilters, () => false);
    rows = applyEvents(rows, [event(summary('a', { status: 'running' }))], noFilters, () => false);
    expect(visibleRows(rows, []).map((r) => r.status)).toEqual(['completed']);
  });

  it('adds only cases that match the filters', () => {
    const filters = parseMonitorState(new URLSearchParams('status=waiting&q=lovelace'));
    const rows = applyEvents(
      EMPTY_LIVE_ROWS,
      [
        event(summary('a')),
        event(summary('b', { status: 'waiting' })),
        event(summary('c', { status: 'waiting', applicant_name: 'Grace', applicant_email: 'g@x.io' })),
      ],
      filters,
      () => false,
    );
    expect(rows.added).toEqual(['b']);
  });
});

describe('matchesFilters', () => {
  it('follows the list’s rules for review, overdue, dates and text', () => {
    const waiting = summary('a', { status: 'waiting', waiting_for: 'approval', review_due_at: '2026-11-25T09:00:00.000Z', external_ref: 'REF-77' });
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    expect(matchesFilters(waiting, parseMonitorState(new URLSearchParams('review=1&overdue=1')), now)).toBe(true);
    expect(matchesFilters(summary('b'), parseMonitorState(new URLSearchParams('review=1')), now)).toBe(false);
    expect(matchesFilters(waiting, parseMonitorState(new URLSearchParams('q=ref-7')), now)).toBe(true);
    expect(matchesFilters(waiting, parseMonitorState(new URLSearchParams('from=2099-01-01')), now)).toBe(false);
    expect(matchesFilters(waiting, parseMonitorState(new URLSearchParams('to=2000-01-01')), now)).toBe(false);
    expect(matchesFilters(waiting, parseMonitorState(new URLSearchParams(`workflow=${WF}`)), now)).toBe(true);
  });
});

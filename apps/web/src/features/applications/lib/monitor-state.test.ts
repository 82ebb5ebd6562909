import { describe, expect, it } from 'vitest';
import { isFiltered, listFilters, monitorStateToParams, parseMonitorState } from './monitor-state.ts';
import { queueFilters } from './review-holder.ts';

const ID = '11111111-1111-4111-8111-111111111111';

describe('monitor state in the URL', () => {
  it('reads what it knows, drops what it does not, and writes back only what differs from the defaults', () => {
    const state = parseMonitorState(
      new URLSearchParams(
        `view=queue&status=waiting&workflow=${ID.toUpperCase()}&step=nope&review=1&overdue=0&from=2026-11-01&to=2026-13-40&q=ada&case=${ID}&junk=1`,
      ),
    );
    expect(state).toEqual({
      view: 'queue',
      queue: 'roles',
      status: 'waiting',
      workflow: ID,
      step: '',
      review: true,
      overdue: false,
      escalated: false,
      from: '2026-11-01',
      to: '',
      q: 'ada',
      case: ID,
    });
    expect(monitorStateToParams(state).toString()).toBe(`view=queue&status=waiting&workflow=${ID}&review=1&from=2026-11-01&q=ada&case=${ID}`);
    expect(monitorStateToParams(parseMonitorState(new URLSearchParams('view=bogus&status=bogus'))).toString()).toBe('');
    expect(isFiltered(state)).toBe(true);
    expect(isFiltered(parseMonitorState(new URLSearchParams('view=queue')))).toBe(false);
  });

  it('keeps the review queue’s view (a named view or a person) and asks the server for it', () => {
    const view = (q: string) => parseMonitorState(new URLSearchParams(`view=queue&queue=${q}`)).queue;
    expect([view('mine'), view('unclaimed'), view('roles'), view(ID.toUpperCase()), view('bogus')]).toEqual(['mine', 'unclaimed', 'roles', ID, 'roles']);
    expect(monitorStateToParams(parseMonitorState(new URLSearchParams('view=queue&queue=unclaimed'))).toString()).toBe('view=queue&queue=unclaimed');
    expect(monitorStateToParams(parseMonitorState(new URLSearchParams('view=queue&queue=roles'))).toString()).toBe('view=queue');
    expect(queueFilters('roles')).toEqual({ mine: 'true' });
    expect(queueFilters('mine')).toEqual({ claimed_by: 'me' });
    expect(queueFilters('unclaimed')).toEqual({ mine: 'true', claimed_by: 'nobody' });
    expect(queueFilters(ID)).toEqual({ claimed_by: ID });
  });

  it('turns local days into the list’s instants (the "to" day included)', () => {
    const filters = listFilters(parseMonitorState(new URLSearchParams('from=2026-11-01&to=2026-11-02&review=1')));
    expect(filters.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(filters.to).toBe(new Date(2026, 10, 3).toISOString());
    expect(filters.waiting_for_review).toBe('true');
    expect(filters.overdue).toBeUndefined();
  });
});

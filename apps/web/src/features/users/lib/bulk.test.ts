import { describe, expect, it } from 'vitest';
import { bulkSummary, partitionForBulk, runBulk, type BulkTarget } from './bulk.ts';

const user = (email: string, patch: Partial<BulkTarget> = {}): BulkTarget => ({
  id: email,
  email,
  first_name: 'A',
  last_name: 'B',
  is_active: true,
  is_locked: false,
  ...patch,
});

describe('runBulk', () => {
  it('calls one user at a time, in order, and records every outcome with the server’s reason', async () => {
    const calls: string[] = [];
    let inFlight = 0;
    const progress: number[] = [];
    const outcomes = await runBulk(
      [user('a@x.io'), user('b@x.io'), user('c@x.io')],
      async (u) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        calls.push(u.email);
        await new Promise((r) => setTimeout(r, 1));
        inFlight -= 1;
        if (u.email === 'b@x.io') throw new Error('You cannot deactivate your own account.');
      },
      (done) => progress.push(done),
    );
    expect(calls).toEqual(['a@x.io', 'b@x.io', 'c@x.io']);
    expect(progress).toEqual([1, 2, 3]);
    expect(outcomes.map((o) => [o.user.email, o.ok, o.message])).toEqual([
      ['a@x.io', true, undefined],
      ['b@x.io', false, 'You cannot deactivate your own account.'],
      ['c@x.io', true, undefined],
    ]);
  });
});

describe('partitionForBulk', () => {
  it('leaves alone the users the action would not change', () => {
    const users = [user('a@x.io'), user('b@x.io', { is_active: false }), user('c@x.io', { is_locked: true })];
    expect(partitionForBulk('deactivate', users).apply.map((u) => u.email)).toEqual(['a@x.io', 'c@x.io']);
    expect(partitionForBulk('activate', users).apply.map((u) => u.email)).toEqual(['b@x.io']);
    expect(partitionForBulk('unlock', users).apply.map((u) => u.email)).toEqual(['c@x.io']);
    expect(partitionForBulk('delete', users).apply).toHaveLength(3);
  });
});

describe('bulkSummary', () => {
  const ok = (email: string) => ({ user: user(email), ok: true });
  const failed = (email: string, message: string) => ({ user: user(email), ok: false, message });

  it('is a success toast when every call succeeded', () => {
    expect(bulkSummary('deactivate', [ok('a@x.io'), ok('b@x.io')])).toEqual({ type: 'success', title: 'Users deactivated', message: '2 users deactivated.' });
  });

  it('is a warning naming each failure and its reason when some failed', () => {
    const summary = bulkSummary('delete', [ok('a@x.io'), failed('me@x.io', 'You cannot delete your own account.')]);
    expect(summary.type).toBe('warning');
    expect(summary.title).toBe('Deleted 1 of 2');
    expect(summary.message).toBe('1 user deleted. 1 user failed — me@x.io: You cannot delete your own account..');
  });

  it('is an error when all failed, listing at most three', () => {
    const outcomes = ['a', 'b', 'c', 'd', 'e'].map((n) => failed(`${n}@x.io`, 'Forbidden'));
    const summary = bulkSummary('unlock', outcomes);
    expect(summary.type).toBe('error');
    expect(summary.title).toBe('No users unlocked');
    expect(summary.message).toContain('5 users failed — a@x.io: Forbidden; b@x.io: Forbidden; c@x.io: Forbidden.');
    expect(summary.message).toContain('…and 2 more.');
  });

  it('counts the users left alone, and says so when there was nothing to do', () => {
    expect(bulkSummary('activate', [ok('a@x.io')], 2).message).toBe('1 user activated. 2 users were already active.');
    expect(bulkSummary('activate', [], 1)).toEqual({ type: 'info', title: 'Nothing to change', message: '1 user was already active.' });
  });
});

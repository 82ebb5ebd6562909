import { describe, expect, it } from 'vitest';
import { WORKFLOW_STATUSES, WORKFLOW_TRANSITIONS } from '@admin-portal/contract/workflows/api';
import {
  analyticsPath,
  builderPath,
  categoryLabel,
  categoryOptions,
  deleteBlockedReason,
  problemMessages,
  STATUS_BADGE_CLASSES,
  statusChangedNotice,
  statusChanges,
} from './workflow-display.ts';

describe('status changes offered per row', () => {
  it('offers exactly the contract’s transitions, with their labels', () => {
    for (const from of WORKFLOW_STATUSES) {
      expect(
        statusChanges(from)
          .map((c) => c.to)
          .sort(),
      ).toEqual([...WORKFLOW_TRANSITIONS[from]].sort());
    }
    expect(statusChanges('draft').map((c) => c.label)).toEqual(['Activate', 'Archive']);
    expect(statusChanges('active').map((c) => c.label)).toEqual(['Return to draft', 'Archive']);
    expect(statusChanges('archived').map((c) => c.label)).toEqual(['Reopen as draft']);
  });

  it('asks first for activation and for taking an active workflow out of service, not for shelving or reopening a draft', () => {
    expect(statusChanges('draft')).toEqual([
      { to: 'active', label: 'Activate', confirm: true },
      { to: 'archived', label: 'Archive', confirm: false },
    ]);
    expect(statusChanges('active').every((c) => c.confirm)).toBe(true);
    expect(statusChanges('archived')).toEqual([{ to: 'draft', label: 'Reopen as draft', confirm: false }]);
  });

  it('says what happened in the toast', () => {
    expect(statusChangedNotice('KYC', 'archived', 'draft').title).toBe('Workflow archived');
    expect(statusChangedNotice('KYC', 'active', 'draft').title).toBe('Workflow activated');
    expect(statusChangedNotice('KYC', 'draft', 'archived')).toEqual({ title: 'Workflow reopened', message: '“KYC” is a draft again and can be edited.' });
    expect(statusChangedNotice('KYC', 'draft', 'active').title).toBe('Returned to draft');
  });
});

describe('badges and labels', () => {
  it('gives draft a secondary, active a success and archived an outline badge, all from theme-aware variables', () => {
    expect(STATUS_BADGE_CLASSES.draft).toContain('bg-secondary-subtle');
    expect(STATUS_BADGE_CLASSES.active).toContain('bg-success-subtle');
    expect(STATUS_BADGE_CLASSES.archived).toContain('border-secondary');
    for (const classes of Object.values(STATUS_BADGE_CLASSES)) expect(classes).not.toMatch(/text-(white|dark)\b/);
  });

  it('names categories for people', () => {
    expect(categoryLabel('kyc')).toBe('KYC');
    expect(categoryLabel('account-opening')).toBe('Account opening');
    expect(categoryLabel('general')).toBe('General');
    expect(categoryLabel('  ')).toBe('—');
  });

  it('offers each known category once, whatever its case, sorted by label, including the one filtered on', () => {
    const templates = [{ category: 'kyc' }, { category: 'lending' }, { category: 'KYC' }];
    expect(categoryOptions(templates, [{ category: 'payments' }, { category: ' ' }], 'from-a-link')).toEqual([
      'from-a-link',
      'general',
      'kyc',
      'lending',
      'payments',
    ]);
    expect(categoryOptions(undefined, undefined, '')).toEqual(['general']);
  });

  it('links a workflow to the Visual Builder and to its analytics', () => {
    expect(builderPath('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe('/workflows/builder?id=1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    expect(analyticsPath('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe('/workflows/analytics?workflow=1b4e28ba-2fa1-11d2-883f-0016d3cca427');
  });
});

describe('delete and activation refusals', () => {
  it('blocks deleting a workflow that applications ran on, saying to archive it instead', () => {
    expect(deleteBlockedReason(0)).toBeNull();
    expect(deleteBlockedReason(1)).toBe('It has 1 application: archive it instead.');
    expect(deleteBlockedReason(12)).toBe('It has 12 applications: archive it instead.');
  });

  it('reads the graph problems of an activation refusal, ignoring anything malformed', () => {
    expect(problemMessages({ detail: 'x', problems: [{ code: 'no_start', message: 'The workflow needs a start step' }, { code: 'y' }, null] })).toEqual([
      'The workflow needs a start step',
    ]);
    expect(problemMessages({ detail: 'x' })).toEqual([]);
    expect(problemMessages(null)).toEqual([]);
    expect(problemMessages('text')).toEqual([]);
  });
});

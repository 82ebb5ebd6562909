import { describe, expect, it } from 'vitest';
import { TOOL_STATUSES } from '@admin-portal/contract/tools/api';
import type { ToolAbilities } from '../abilities.ts';
import { approvalActions, formatJson, formatLatency, OWN_TOOL_REASON, STATUS_BADGE_CLASSES, statusNotice } from './tool-display.ts';

const ME = 'u-1';
const manager: ToolAbilities = { userId: ME, manage: true, approve: false, superAdmin: false };
const admin: ToolAbilities = { userId: ME, manage: true, approve: true, superAdmin: false };
const superAdmin: ToolAbilities = { ...admin, superAdmin: true };
const reader: ToolAbilities = { userId: ME, manage: false, approve: false, superAdmin: false };

describe('what the Approval tab offers', () => {
  it('lets managers submit drafts and rejected tools, and take pending or rejected ones back to draft', () => {
    expect(approvalActions({ status: 'draft', created_by: ME }, manager)).toMatchObject({ submit: true, withdraw: false, decide: false, decideBlocked: null });
    expect(approvalActions({ status: 'rejected', created_by: ME }, manager)).toMatchObject({ submit: true, withdraw: true });
    expect(approvalActions({ status: 'pending_approval', created_by: ME }, manager)).toMatchObject({
      submit: false,
      withdraw: true,
      decide: false,
      decideBlocked: null,
    });
    expect(approvalActions({ status: 'approved', created_by: ME }, manager)).toMatchObject({ disable: true, enable: false, submit: false });
    expect(approvalActions({ status: 'disabled', created_by: ME }, manager)).toMatchObject({ disable: false, enable: true });
  });

  it('lets administrators decide on someone else’s pending tool, and says why not on their own', () => {
    expect(approvalActions({ status: 'pending_approval', created_by: 'u-2' }, admin)).toMatchObject({ decide: true, decideBlocked: null });
    expect(approvalActions({ status: 'pending_approval', created_by: ME }, admin)).toMatchObject({ decide: false, decideBlocked: OWN_TOOL_REASON });
    expect(approvalActions({ status: 'pending_approval', created_by: ME }, superAdmin)).toMatchObject({ decide: true, decideBlocked: null });
    expect(approvalActions({ status: 'draft', created_by: 'u-2' }, admin)).toMatchObject({ decide: false, decideBlocked: null });
    expect(approvalActions({ status: 'pending_approval', created_by: null }, admin).decide).toBe(true);
  });

  it('offers nothing to someone who only reads tools', () => {
    for (const status of TOOL_STATUSES) {
      expect(approvalActions({ status, created_by: 'u-2' }, reader)).toEqual({
        submit: false,
        withdraw: false,
        decide: false,
        decideBlocked: null,
        disable: false,
        enable: false,
      });
    }
  });
});

describe('tool display', () => {
  it('has a badge and a toast for every status', () => {
    for (const status of TOOL_STATUSES) {
      expect(STATUS_BADGE_CLASSES[status]).toMatch(/^badge /);
      expect(statusNotice('t', status).title).toBeTruthy();
    }
    expect(statusNotice('crm', 'pending_approval')).toEqual({ title: 'Tool submitted', message: '“crm” is waiting for an administrator’s approval.' });
  });

  it('formats latency and JSON for people', () => {
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(84.4)).toBe('84 ms');
    expect(formatLatency(1234)).toBe('1.23 s');
    expect(formatLatency(12_345)).toBe('12.3 s');
    expect(formatJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatJson('plain text')).toBe('plain text');
    expect(formatJson(undefined)).toBe('');
  });
});

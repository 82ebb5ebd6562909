import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.ts';
import { formatPermission } from './format-permission.ts';

describe('formatPermission', () => {
  it('turns underscores to spaces and capitalises (spec §2)', () => {
    expect(formatPermission('manage_users')).toBe('Manage users');
    expect(formatPermission('view_audit_logs')).toBe('View audit logs');
  });

  it('reads menu-style names naturally', () => {
    expect(formatPermission('workflow:read')).toBe('Workflow: read');
  });
});

describe('displayName', () => {
  it('joins first and last name, falling back to the email', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(displayName({ first_name: '', last_name: '', email: 'a@x.io' })).toBe('a@x.io');
  });
});

import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '@admin-portal/contract/navigation';
import { effectivePermissions } from '@admin-portal/contract/permissions';
import type { Role } from '@admin-portal/contract/roles';
import { mayOpen } from './may-open.ts';

const SCREENS = new Set([
  '/dashboard',
  '/applications',
  '/applications/analytics',
  '/workflows',
  '/workflows/analytics',
  '/workflows/builder',
  '/tools',
  '/tools/analytics',
]);
const as = (role: Role) => ({ role, permissions: effectivePermissions(role, []) });

describe('mayOpen', () => {
  it('follows the guard of the screen a link leads to, whatever its query', () => {
    expect(mayOpen(as('operator'), '/applications?workflow=abc&overdue=1', SCREENS)).toBe(true);
    expect(mayOpen(as('viewer'), '/applications?workflow=abc&overdue=1', SCREENS)).toBe(true);
    expect(mayOpen({ ...as('viewer'), permissions: ['view_workflows', 'workflow:read'] }, '/applications?workflow=abc', SCREENS)).toBe(false);
    expect(mayOpen(as('viewer'), '/tools/analytics?tool=x', SCREENS)).toBe(false);
    expect(mayOpen(as('manager'), '/tools/analytics?tool=x', SCREENS)).toBe(true);
    expect(mayOpen(as('viewer'), '/workflows/builder?id=x', SCREENS)).toBe(false);
    expect(mayOpen(as('viewer'), '/workflows/analytics?workflow=x', SCREENS)).toBe(true);
    expect(mayOpen(as('viewer'), '/applications/analytics', SCREENS)).toBe(true);
  });

  it('refuses a path the app has no screen for', () => {
    expect(mayOpen(as('admin'), '/settings/system-config', SCREENS)).toBe(false);
    expect(mayOpen(as('admin'), '/workflows/', SCREENS)).toBe(true);
  });

  it('uses the menu it is given', () => {
    expect(mayOpen(as('viewer'), '/x', new Set(['/x']), [{ id: 'x', type: 'item', title: 'X', url: '/x', roles: 'admin' }])).toBe(false);
    expect(mayOpen(as('viewer'), '/x', new Set(['/x']), NAVIGATION)).toBe(true);
  });
});

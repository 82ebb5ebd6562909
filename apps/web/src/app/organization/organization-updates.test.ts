import { describe, expect, it } from 'vitest';
import type { Organization } from '@admin-portal/contract/organizations';
import { findOrganization, isNewerCopy } from './organization-updates.ts';

const org = (over: Partial<Organization> = {}): Organization => ({
  id: 'org-1',
  name: 'Northwind',
  slug: 'northwind',
  description: '',
  is_active: true,
  settings: {
    allow_registration: false,
    allowed_email_domains: [],
    registration_requires_approval: true,
    timezone: 'UTC',
    session_timeout_minutes: 30,
    two_factor_required_roles: [],
    applicant_start: 'open',
    applicant_link_days: 14,
    applicant_language: 'en',
    applicant_embed_origins: [],
  },
  user_count: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('finding the current organization in fresh server data', () => {
  it('reads one organization, a bare list and both page shapes', () => {
    const renamed = org({ name: 'Northwind Traders' });
    const other = org({ id: 'org-2', name: 'Contoso', slug: 'contoso' });
    expect(findOrganization(renamed, 'org-1')).toBe(renamed);
    expect(findOrganization([other, renamed], 'org-1')).toBe(renamed);
    expect(findOrganization({ items: [other, renamed], total: 2 }, 'org-1')).toBe(renamed);
    expect(findOrganization({ organizations: [renamed] }, 'org-1')).toBe(renamed);
  });

  it('ignores other organizations and data that is not organizations', () => {
    expect(findOrganization(org({ id: 'org-2' }), 'org-1')).toBeNull();
    expect(findOrganization({ items: [{ id: 'org-1', first_name: 'Ada', email: 'ada@example.com' }] }, 'org-1')).toBeNull();
    expect(findOrganization({ id: 'org-1', title: 'Northwind', type: 'organization' }, 'org-1')).toBeNull();
    for (const nothing of [undefined, null, 'org-1', 42, { items: 'x' }]) expect(findOrganization(nothing, 'org-1')).toBeNull();
  });
});

describe('replacing the shown copy', () => {
  it('takes a changed copy that is not older', () => {
    const shown = org();
    expect(isNewerCopy(shown, org({ name: 'Northwind Traders', updated_at: '2026-02-01T00:00:00.000Z' }))).toBe(true);
    expect(isNewerCopy(shown, org({ is_active: false }))).toBe(true);
  });

  it('keeps the shown copy when nothing changed, when the copy is older, or when it is another organization', () => {
    const shown = org({ name: 'Northwind Traders', updated_at: '2026-02-01T00:00:00.000Z' });
    expect(isNewerCopy(shown, { ...shown })).toBe(false);
    expect(isNewerCopy(shown, org({ name: 'Northwind' }))).toBe(false);
    expect(isNewerCopy(shown, org({ id: 'org-2', updated_at: '2026-03-01T00:00:00.000Z' }))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Organization } from '@admin-portal/contract/organizations';
import { organizationsOf } from './get-organizations.ts';

const org = { id: 'o1', name: 'Headquarters' } as Organization;

describe('organizationsOf', () => {
  it('reads organizations inside an object or a bare array (spec §3)', () => {
    expect(organizationsOf({ organizations: [org] })).toEqual([org]);
    expect(organizationsOf({ items: [org] })).toEqual([org]);
    expect(organizationsOf([org])).toEqual([org]);
    expect(organizationsOf(null)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Tool } from '@admin-portal/contract/tools/api';
import { mixesOrganizations, toolColumns } from './tools-table.tsx';

const tool = (organization_id: string, organization_name: string) => ({ id: crypto.randomUUID(), organization_id, organization_name, name: 'lookup' }) as Tool;
const columnsOf = (organizations: boolean) =>
  toolColumns({ types: [], configurations: new Map(), hrefOf: () => '/tools', dateFormat: {} as never, organizations }).map((c) => c.id);

describe('the tools list under "All organizations"', () => {
  it('names each row’s organization when the rows mix organizations, and only then', () => {
    expect(mixesOrganizations([tool('a', 'Acme'), tool('b', 'Globex')])).toBe(true);
    expect(mixesOrganizations([tool('a', 'Acme'), tool('a', 'Acme')])).toBe(false);
    expect(mixesOrganizations(undefined)).toBe(false);
    expect(columnsOf(true)).toEqual(['name', 'organization', 'type', 'status', 'environments', 'updated_at']);
    expect(columnsOf(false)).toEqual(['name', 'type', 'status', 'environments', 'updated_at']);
  });
});

import type { Organization } from '@admin-portal/contract/organizations';

function isOrganization(value: unknown): value is Organization {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Partial<Record<keyof Organization, unknown>>;
  return typeof o.id === 'string' && typeof o.name === 'string' && typeof o.slug === 'string' && typeof o.is_active === 'boolean';
}

/**
 * The organization with this id in server data the app has just received, in any of the shapes organizations
 * come in: one organization (a create or update answer), a bare list, or a page of them (`items` or
 * `organizations`). Null when the data holds no such organization.
 */
export function findOrganization(data: unknown, id: string): Organization | null {
  const match = (value: unknown): value is Organization => isOrganization(value) && value.id === id;
  if (match(data)) return data;
  const lists: unknown[] = [];
  if (Array.isArray(data)) lists.push(data);
  else if (typeof data === 'object' && data !== null) {
    const page = data as { items?: unknown; organizations?: unknown };
    lists.push(page.items, page.organizations);
  }
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    const found = list.find(match);
    if (found) return found;
  }
  return null;
}

/**
 * Whether `next` should replace the `shown` copy of the same organization: it says something different and is
 * not older (a list fetched before a rename may arrive after it; it must not bring the old name back).
 */
export function isNewerCopy(shown: Organization, next: Organization): boolean {
  if (next.id !== shown.id) return false;
  const shownAt = Date.parse(shown.updated_at);
  const nextAt = Date.parse(next.updated_at);
  if (Number.isFinite(shownAt) && Number.isFinite(nextAt) && nextAt < shownAt) return false;
  return (
    next.name !== shown.name ||
    next.is_active !== shown.is_active ||
    next.description !== shown.description ||
    next.slug !== shown.slug ||
    next.updated_at !== shown.updated_at
  );
}

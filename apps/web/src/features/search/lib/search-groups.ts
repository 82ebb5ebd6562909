import type { SearchResult } from '@admin-portal/contract/search';

const NOUNS: Record<string, [string, string]> = {
  user: ['user', 'users'],
  organization: ['organization', 'organizations'],
  workflow: ['workflow', 'workflows'],
  tool: ['tool', 'tools'],
  application: ['application', 'applications'],
};

const HEADINGS: Record<string, string> = {
  user: 'Users',
  organization: 'Organizations',
  workflow: 'Workflows',
  tool: 'Tools',
  application: 'Applications',
};

/** '1 user', '3 organizations', 'More than 1,000 applications' (a count that reached its cap); an unknown type uses its own name. */
export function countLabel(type: string, n: number, capped = false): string {
  const [one, many] = NOUNS[type] ?? [type, `${type}s`];
  if (capped) return `More than ${n.toLocaleString('en-US')} ${many}`;
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function groupHeading(type: string): string {
  return HEADINGS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

export interface ResultGroup {
  type: string;
  heading: string;
  total: number;
  /** The total is a cap the count reached: there are more. */
  capped: boolean;
  results: SearchResult[];
}

/**
 * Results grouped by type, in the server's order, each with its total (which may exceed the results shown, or be a
 * cap reached, for the types in `capped`); empty groups left out.
 */
export function groupResults(results: readonly SearchResult[], totals: Record<string, number>, capped: readonly string[] = []): ResultGroup[] {
  const order = [...new Set([...results.map((r) => r.type), ...Object.keys(totals)])];
  return order
    .map((type) => {
      const mine = results.filter((r) => r.type === type);
      return { type, heading: groupHeading(type), total: Math.max(totals[type] ?? 0, mine.length), capped: capped.includes(type), results: mine };
    })
    .filter((g) => g.total > 0);
}

/** '2 users · 1 organization' */
export function summary(groups: readonly ResultGroup[]): string {
  return groups.map((g) => countLabel(g.type, g.total, g.capped)).join(' · ');
}

/** Splits text around case-insensitive occurrences of the query, for highlighting. */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const q = query.trim();
  if (!q) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, i + needle.length)) {
    if (i > at) parts.push({ text: text.slice(at, i), match: false });
    parts.push({ text: text.slice(i, i + needle.length), match: true });
    at = i + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** Where "see all" goes for a type whose results were cut: the list page filtered the same way, when there is one. */
export function seeAllUrl(type: string, q: string): string | null {
  const encoded = encodeURIComponent(q.trim());
  switch (type) {
    case 'application':
      return `/applications?q=${encoded}`;
    case 'workflow':
      return `/workflows?q=${encoded}`;
    case 'tool':
      return `/tools?q=${encoded}`;
    case 'user':
      return `/users?q=${encoded}`;
    case 'organization':
      return `/settings/organizations?q=${encoded}`;
    default:
      return null;
  }
}

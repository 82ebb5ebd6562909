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

/** '1 user', '3 organizations'; an unknown type uses its own name. */
export function countLabel(type: string, n: number): string {
  const [one, many] = NOUNS[type] ?? [type, `${type}s`];
  return `${n} ${n === 1 ? one : many}`;
}

export function groupHeading(type: string): string {
  return HEADINGS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

export interface ResultGroup {
  type: string;
  heading: string;
  total: number;
  results: SearchResult[];
}

/** Results grouped by type, in the server's order, each with its total (which may exceed the results shown); empty groups left out. */
export function groupResults(results: readonly SearchResult[], totals: Record<string, number>): ResultGroup[] {
  const order = [...new Set([...results.map((r) => r.type), ...Object.keys(totals)])];
  return order
    .map((type) => {
      const mine = results.filter((r) => r.type === type);
      return { type, heading: groupHeading(type), total: Math.max(totals[type] ?? 0, mine.length), results: mine };
    })
    .filter((g) => g.total > 0);
}

/** '2 users · 1 organization' */
export function summary(groups: readonly ResultGroup[]): string {
  return groups.map((g) => countLabel(g.type, g.total)).join(' · ');
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
    case 'user':
      return `/users?q=${encoded}`;
    case 'organization':
      return `/settings/organizations?q=${encoded}`;
    default:
      return null;
  }
}

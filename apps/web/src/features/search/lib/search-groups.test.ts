import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@admin-portal/contract/search';
import { countLabel, groupResults, highlightParts, seeAllUrl, summary } from './search-groups.ts';

const result = (type: SearchResult['type'], id: string): SearchResult => ({ type, id, title: id, subtitle: '', url: '/x' });

describe('search results grouping', () => {
  it('labels counts in the singular and plural', () => {
    expect(countLabel('user', 1)).toBe('1 user');
    expect(countLabel('user', 2)).toBe('2 users');
    expect(countLabel('organization', 0)).toBe('0 organizations');
    expect(countLabel('widget', 3)).toBe('3 widgets');
    expect(countLabel('application', 1000, true)).toBe('More than 1,000 applications');
    expect(countLabel('application', 1200)).toBe('1,200 applications');
  });

  it('groups by type in the server’s order, with totals beyond what is shown, and drops empty types', () => {
    const groups = groupResults([result('user', 'a'), result('organization', 'c'), result('user', 'b')], { user: 12, organization: 1, workflow: 0 });
    expect(groups.map((g) => [g.type, g.heading, g.total, g.results.map((r) => r.id)])).toEqual([
      ['user', 'Users', 12, ['a', 'b']],
      ['organization', 'Organizations', 1, ['c']],
    ]);
    expect(summary(groups)).toBe('12 users · 1 organization');
    const capped = groupResults([result('application', 'x')], { application: 1000, user: 2 }, ['application']);
    expect(summary(capped)).toBe('More than 1,000 applications · 2 users');
    expect(groupResults([], { user: 0 })).toEqual([]);
  });

  it('never reports fewer than the results it has', () => {
    expect(groupResults([result('tool', 'x')], {})[0]).toMatchObject({ type: 'tool', total: 1 });
  });

  it('splits text around every case-insensitive match', () => {
    expect(highlightParts('Dana Dan', 'dan')).toEqual([
      { text: 'Dan', match: true },
      { text: 'a ', match: false },
      { text: 'Dan', match: true },
    ]);
    expect(highlightParts('100% sure', '%')).toEqual([
      { text: '100', match: false },
      { text: '%', match: true },
      { text: ' sure', match: false },
    ]);
    expect(highlightParts('abc', '  ')).toEqual([{ text: 'abc', match: false }]);
  });

  it('links "see all" to the filtered list page', () => {
    expect(seeAllUrl('user', ' a b ')).toBe('/users?q=a%20b');
    expect(seeAllUrl('organization', 'Acme & Co')).toBe('/settings/organizations?q=Acme%20%26%20Co');
    expect(seeAllUrl('application', 'REF 1')).toBe('/applications?q=REF%201');
    expect(seeAllUrl('workflow', 'kyc')).toBe('/workflows?q=kyc');
    expect(seeAllUrl('tool', 'sanctions')).toBe('/tools?q=sanctions');
    expect(seeAllUrl('robot', 'x')).toBeNull();
  });
});

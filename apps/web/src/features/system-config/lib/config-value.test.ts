import { describe, expect, it } from 'vitest';
import type { ConfigEntry } from '@admin-portal/contract/system/config';
import { configListStateToParams, nextConfigSort, parseConfigListState } from './config-list-state.ts';
import { displayValue, editorText } from './config-value.ts';

const entry = (patch: Partial<ConfigEntry>): ConfigEntry => ({
  id: '00000000-0000-4000-8000-000000000001',
  key: 'k',
  description: '',
  organization_id: null,
  organization_name: null,
  environment: null,
  value_type: 'string',
  value: 'v',
  has_secret: false,
  file: null,
  is_enabled: true,
  created_by: null,
  updated_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...patch,
});

describe('config values on the page', () => {
  it('masks secrets, names files, prints JSON compactly and edits it indented', () => {
    expect(displayValue(entry({ value_type: 'secret', value: null, has_secret: true }))).toBe('••••••••');
    expect(
      displayValue(
        entry({ value_type: 'file', value: null, file: { file_name: 'a.png', content_type: 'image/png', size_bytes: 2048, sha256: 'x', download_url: '/x' } }),
      ),
    ).toBe('a.png (2 KB)');
    expect(displayValue(entry({ value_type: 'json', value: { a: [1, 2] } }))).toBe('{"a":[1,2]}');
    expect(editorText(entry({ value_type: 'json', value: { a: 1 } }))).toBe('{\n  "a": 1\n}');
    expect(editorText(entry({ value_type: 'secret', has_secret: true }))).toBe('');
  });

  it('reads the filters from the URL and writes back only what is set', () => {
    const state = parseConfigListState(new URLSearchParams('q=logo&environment=staging&enabled=false&kind=file&organization=global&sort=-key&page=2&bogus=1'));
    expect(state).toEqual({ q: 'logo', organization: 'global', environment: 'staging', enabled: 'false', kind: 'file', sort: '-key', page: 2 });
    expect(configListStateToParams(state).toString()).toBe('q=logo&organization=global&environment=staging&enabled=false&kind=file&sort=-key&page=2');
    expect(parseConfigListState(new URLSearchParams('environment=moon&kind=x&page=-1'))).toMatchObject({ environment: '', kind: '', page: 1 });
    expect(nextConfigSort('key', 'key')).toBe('-key');
    expect(nextConfigSort('-key', 'updated_at')).toBe('updated_at');
  });
});

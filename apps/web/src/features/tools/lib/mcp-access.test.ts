import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@admin-portal/contract/tools/api';
import { checkApiKeyForm, EMPTY_API_KEY_FORM, environmentLabel, maskedKey, mcpClientConfig, scopeLabel, sortApiKeys, toggleScope } from './mcp-access.ts';

const key = (over: Partial<ApiKey>): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  organization_id: '00000000-0000-4000-8000-000000000002',
  name: 'Key',
  prefix: 'apk_AbCdEfGh',
  scopes: ['mcp'],
  environment: 'production',
  created_by: null,
  created_by_email: null,
  last_used_at: null,
  revoked_at: null,
  created_at: '2026-05-01T10:00:00.000Z',
  ...over,
});

describe('mcpClientConfig', () => {
  it('is JSON an MCP client reads: Streamable HTTP at the endpoint with the key as a bearer token', () => {
    const config = JSON.parse(mcpClientConfig('https://portal.example.com/mcp')) as {
      mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }>;
    };
    expect(config.mcpServers['admin-portal']).toEqual({ type: 'http', url: 'https://portal.example.com/mcp', headers: { Authorization: 'Bearer <API key>' } });
  });

  it('fills in a real key when given one', () => {
    expect(mcpClientConfig('http://localhost:8080/mcp', 'apk_secret')).toContain('"Authorization": "Bearer apk_secret"');
  });
});

describe('checkApiKeyForm', () => {
  it('needs a name and at least one scope, with the contract’s messages', () => {
    expect(checkApiKeyForm({ ...EMPTY_API_KEY_FORM, name: '   ', scopes: [] })).toEqual({
      ok: false,
      errors: { name: 'Name is required', scopes: 'Choose at least one scope' },
    });
    expect(checkApiKeyForm({ ...EMPTY_API_KEY_FORM, name: 'x'.repeat(101) })).toEqual({ ok: false, errors: { name: 'At most 100 characters' } });
  });

  it('trims the name and keeps the scopes and environment', () => {
    expect(checkApiKeyForm({ name: '  Support bot ', scopes: ['mcp', 'intake'], environment: 'staging' })).toEqual({
      ok: true,
      value: { name: 'Support bot', scopes: ['mcp', 'intake'], environment: 'staging' },
    });
  });

  it('starts with the MCP scope in production', () => {
    expect(EMPTY_API_KEY_FORM).toEqual({ name: '', scopes: ['mcp'], environment: 'production' });
  });
});

describe('toggleScope', () => {
  it('adds and removes a scope, keeping the contract’s order and no duplicates', () => {
    expect(toggleScope(['intake'], 'mcp', true)).toEqual(['mcp', 'intake']);
    expect(toggleScope(['mcp'], 'mcp', true)).toEqual(['mcp']);
    expect(toggleScope(['mcp', 'intake'], 'mcp', false)).toEqual(['intake']);
  });
});

describe('labels', () => {
  it('name scopes and environments, and show an unknown value as it is', () => {
    expect(scopeLabel('mcp')).toBe('MCP endpoint');
    expect(scopeLabel('intake')).toBe('Intake API');
    expect(scopeLabel('future')).toBe('future');
    expect(environmentLabel('staging')).toBe('Staging');
    expect(environmentLabel(null)).toBe('—');
  });

  it('mask a stored key to its prefix', () => {
    expect(maskedKey(key({ prefix: 'apk_12345678' }))).toBe('apk_12345678…');
  });
});

describe('sortApiKeys', () => {
  it('lists live keys newest first, then revoked ones most recently revoked first', () => {
    const keys = [
      key({ name: 'old live', created_at: '2026-01-01T00:00:00Z' }),
      key({ name: 'revoked early', revoked_at: '2026-02-01T00:00:00Z', created_at: '2026-03-01T00:00:00Z' }),
      key({ name: 'new live', created_at: '2026-04-01T00:00:00Z' }),
      key({ name: 'revoked late', revoked_at: '2026-05-01T00:00:00Z', created_at: '2025-01-01T00:00:00Z' }),
    ];
    expect(sortApiKeys(keys).map((k) => k.name)).toEqual(['new live', 'old live', 'revoked late', 'revoked early']);
  });
});

import type { ApiKey, Environment } from '@admin-portal/contract/tools/api';

/** The MCP endpoint and API keys as the MCP access panel shows them. */

/** What a snippet shows where the key goes. */
export const KEY_PLACEHOLDER = '<API key>';

/** The server's name in the client configuration. */
export const MCP_SERVER_NAME = 'admin-portal';

/**
 * A client configuration in the `mcpServers` shape most MCP clients read (Claude Code's .mcp.json, Cursor and
 * others): Streamable HTTP at the endpoint, the API key as a bearer token.
 */
export function mcpClientConfig(url: string, key: string = KEY_PLACEHOLDER): string {
  const config = {
    mcpServers: {
      [MCP_SERVER_NAME]: {
        type: 'http',
        url,
        headers: { Authorization: `Bearer ${key}` },
      },
    },
  };
  return JSON.stringify(config, null, 2);
}

export type ApiKeyScope = 'mcp' | 'intake';

export const SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = { mcp: 'MCP endpoint', intake: 'Intake API' };

export const ENVIRONMENT_LABELS: Readonly<Record<Environment, string>> = { development: 'Development', staging: 'Staging', production: 'Production' };

export const scopeLabel = (scope: string): string => SCOPE_LABELS[scope as ApiKeyScope] ?? scope;
export const environmentLabel = (environment: string | null): string =>
  environment === null ? '—' : (ENVIRONMENT_LABELS[environment as Environment] ?? environment);

/** How a stored key is recognised: its first characters and an ellipsis (the rest is never shown again). */
export const maskedKey = (key: Pick<ApiKey, 'prefix'>): string => `${key.prefix}…`;

/** Live keys first (newest first), then revoked ones (most recently revoked first). */
export function sortApiKeys(keys: readonly ApiKey[]): ApiKey[] {
  return [...keys].sort((a, b) => {
    if (!a.revoked_at !== !b.revoked_at) return a.revoked_at ? 1 : -1;
    const at = (k: ApiKey) => k.revoked_at ?? k.created_at;
    return at(b).localeCompare(at(a));
  });
}

export interface ApiKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  environment: Environment;
}

export const EMPTY_API_KEY_FORM: ApiKeyFormValues = { name: '', scopes: ['mcp'], environment: 'production' };

export type ApiKeyFormCheck = { ok: true; value: ApiKeyFormValues } | { ok: false; errors: Partial<Record<'name' | 'scopes', string>> };

/** The rules of the contract's createApiKeySchema, checked before sending, with the same messages. */
export function checkApiKeyForm(values: ApiKeyFormValues): ApiKeyFormCheck {
  const errors: Partial<Record<'name' | 'scopes', string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length > 100) errors.name = 'At most 100 characters';
  if (values.scopes.length === 0) errors.scopes = 'Choose at least one scope';
  if (errors.name || errors.scopes) return { ok: false, errors };
  return { ok: true, value: { name, scopes: [...new Set(values.scopes)], environment: values.environment } };
}

/** Adds or removes one scope, keeping the list in the contract's order. */
export function toggleScope(scopes: readonly ApiKeyScope[], scope: ApiKeyScope, on: boolean): ApiKeyScope[] {
  const next = new Set(scopes);
  if (on) next.add(scope);
  else next.delete(scope);
  return (['mcp', 'intake'] as const).filter((s) => next.has(s));
}

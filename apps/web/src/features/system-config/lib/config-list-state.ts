import { CONFIG_VALUE_TYPES, ENVIRONMENTS } from '@admin-portal/contract/system/config-values';

export interface ConfigListState {
  q: string;
  organization: string;
  environment: string;
  enabled: string;
  kind: string;
  sort: string;
  page: number;
}

const SORTS = ['key', '-key', 'updated_at', '-updated_at', 'environment', '-environment'];
const pick = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : '');

/** The table's filters, sort and page as the URL holds them (so a filtered view can be linked and reloaded). */
export function parseConfigListState(params: URLSearchParams): ConfigListState {
  const page = Number(params.get('page'));
  const organization = params.get('organization') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    organization: organization === 'global' || /^[0-9a-f-]{36}$/i.test(organization) ? organization : '',
    environment: pick(params.get('environment'), [...ENVIRONMENTS, 'all']),
    enabled: pick(params.get('enabled'), ['true', 'false']),
    kind: pick(params.get('kind'), CONFIG_VALUE_TYPES),
    sort: pick(params.get('sort'), SORTS) || 'key',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function configListStateToParams(state: ConfigListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.organization) params.set('organization', state.organization);
  if (state.environment) params.set('environment', state.environment);
  if (state.enabled) params.set('enabled', state.enabled);
  if (state.kind) params.set('kind', state.kind);
  if (state.sort !== 'key') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Clicking a sortable header: ascending first, then descending. */
export function nextConfigSort(current: string, column: string): string {
  return current === column ? `-${column}` : column;
}

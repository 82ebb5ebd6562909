import { CONFIG_VALUE_TYPES, ENVIRONMENTS, type ConfigValueType, type Environment } from '@admin-portal/contract/system/config-values';

const SORTS = ['key', '-key', 'updated_at', '-updated_at', 'environment', '-environment'] as const;
/** The list's sorts the server takes. */
export type ConfigSort = (typeof SORTS)[number];

export interface ConfigListState {
  q: string;
  /** An organization's id, `global`, or '' for every entry that applies. */
  organization: string;
  environment: Environment | 'all' | '';
  enabled: 'true' | 'false' | '';
  kind: ConfigValueType | '';
  sort: ConfigSort;
  page: number;
}

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** The table's filters, sort and page as the URL holds them (so a filtered view can be linked and reloaded). */
export function parseConfigListState(params: URLSearchParams): ConfigListState {
  const page = Number(params.get('page'));
  const organization = params.get('organization') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    organization: organization === 'global' || /^[0-9a-f-]{36}$/i.test(organization) ? organization : '',
    environment: pick(params.get('environment'), [...ENVIRONMENTS, 'all'] as const),
    enabled: pick(params.get('enabled'), ['true', 'false'] as const),
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

/** Clicking a sortable header: ascending first, then descending (a column the server cannot sort by: by key). */
export function nextConfigSort(current: ConfigSort, column: string): ConfigSort {
  const next = current === column ? `-${column}` : column;
  return (SORTS as readonly string[]).includes(next) ? (next as ConfigSort) : 'key';
}

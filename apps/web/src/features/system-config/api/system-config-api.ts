import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigEntry, Environment } from '@admin-portal/contract/system/config';
import type { SystemSettingsUpdate } from '@admin-portal/contract/system/settings';
import { api, API_BASE_URL, call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import type { CallInput } from '../../../shared/api/endpoint-call.ts';
import { BRANDING_KEY } from '../../../shared/branding/use-branding.ts';
import { saveBlob } from '../../../shared/lib/save-text-file.ts';

export const SYSTEM_CONFIG_KEY = ['system-config'] as const;
export const SYSTEM_SETTINGS_KEY = ['system-settings'] as const;

export type ConfigListQuery = NonNullable<CallInput<'GET /api/admin/system-config'>['query']>;

export function useConfigPage(query: ConfigListQuery) {
  return useQuery({
    queryKey: [...SYSTEM_CONFIG_KEY, 'page', query],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/system-config', { query, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useConfigStats() {
  return useQuery({
    queryKey: [...SYSTEM_CONFIG_KEY, 'stats'],
    queryFn: ({ signal }) => call('GET /api/admin/system-config/stats', { signal }).then(unwrap),
  });
}

export async function lookupEffective(key: string, environment: Environment | '') {
  return unwrap(await call('GET /api/admin/system-config/by-key/:key', { params: { key }, query: { environment: environment || undefined } }));
}

/** A new entry (no id yet) or the changes to an entry. */
export type ConfigSave =
  | { id: null; input: CallInput<'POST /api/admin/system-config'>['body'] }
  | { id: string; input: NonNullable<CallInput<'PUT /api/admin/system-config/:id'>['body']> };

/** Every change refreshes the page's lists and stats, and the shell's branding (a product name or flag may have changed). */
function useConfigChange<A, R>(run: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: SYSTEM_CONFIG_KEY }), queryClient.invalidateQueries({ queryKey: BRANDING_KEY })]),
  });
}

export const useSaveConfig = () =>
  useConfigChange(async (save: ConfigSave) =>
    unwrap(
      save.id === null
        ? await call('POST /api/admin/system-config', { body: save.input })
        : await call('PUT /api/admin/system-config/:id', { params: { id: save.id }, body: save.input }),
    ),
  );

export const useToggleConfig = () => useConfigChange(async (id: string) => unwrap(await call('POST /api/admin/system-config/:id/toggle', { params: { id } })));

export const useDeleteConfig = () => useConfigChange(async (id: string) => unwrap(await call('DELETE /api/admin/system-config/:id', { params: { id } })));

/** Refreshes what an upload changed (its own request goes through XMLHttpRequest, see lib/upload.ts). */
export function useAfterUpload() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: SYSTEM_CONFIG_KEY }), queryClient.invalidateQueries({ queryKey: BRANDING_KEY })]);
}

export async function downloadConfigFile(entry: ConfigEntry): Promise<void> {
  if (!entry.file) return;
  const response = await api.authorizedFetch(`${API_BASE_URL}/admin/system-config/${encodeURIComponent(entry.id)}/file`);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new Error(body?.detail ?? `The file could not be downloaded (${response.status})`);
  }
  saveBlob(await response.blob(), entry.file.file_name);
}

export function useSystemSettings() {
  return useQuery({
    queryKey: SYSTEM_SETTINGS_KEY,
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/system/settings', { signal })),
  });
}

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: SystemSettingsUpdate) => unwrap(await call('PUT /api/admin/system/settings', { body: update })),
    onSuccess: (data) => {
      queryClient.setQueryData(SYSTEM_SETTINGS_KEY, data);
      return Promise.all([queryClient.invalidateQueries({ queryKey: BRANDING_KEY }), queryClient.invalidateQueries({ queryKey: SYSTEM_CONFIG_KEY })]);
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigEffective, ConfigEntry, ConfigStats, Environment } from '@admin-portal/contract/system/config';
import type { SystemSettingsResponse, SystemSettingsUpdate } from '@admin-portal/contract/system/settings';
import { api, API_BASE_URL } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { BRANDING_KEY } from '../../../shared/branding/use-branding.ts';
import { saveBlob } from '../../../shared/lib/save-text-file.ts';

export const SYSTEM_CONFIG_KEY = ['system-config'] as const;
export const SYSTEM_SETTINGS_KEY = ['system-settings'] as const;

export interface ConfigListQuery {
  q?: string | undefined;
  organization_id?: string | undefined;
  environment?: string | undefined;
  enabled?: string | undefined;
  kind?: string | undefined;
  sort: string;
  limit: number;
  offset: number;
}

export interface ConfigPage {
  items: ConfigEntry[];
  total: number;
  limit: number;
  offset: number;
}

export function useConfigPage(query: ConfigListQuery) {
  return useQuery({
    queryKey: [...SYSTEM_CONFIG_KEY, 'page', query],
    queryFn: async ({ signal }): Promise<ConfigPage> => unwrap(await api.get<ConfigPage>('/admin/system-config', { query: { ...query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useConfigStats() {
  return useQuery({
    queryKey: [...SYSTEM_CONFIG_KEY, 'stats'],
    queryFn: ({ signal }) => api.get<ConfigStats>('/admin/system-config/stats', { signal }).then(unwrap),
  });
}

export async function lookupEffective(key: string, environment: Environment | ''): Promise<ConfigEffective> {
  return unwrap(await api.get<ConfigEffective>(`/admin/system-config/by-key/${encodeURIComponent(key)}`, { query: { environment: environment || undefined } }));
}

export interface ConfigInput {
  key?: string;
  description?: string;
  organization_id?: string | null;
  environment?: Environment | null;
  value_type?: string;
  value?: unknown;
  is_enabled?: boolean;
}

/** Every change refreshes the page's lists and stats, and the shell's branding (a product name or flag may have changed). */
function useConfigChange<A, R>(run: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: SYSTEM_CONFIG_KEY }), queryClient.invalidateQueries({ queryKey: BRANDING_KEY })]),
  });
}

export const useSaveConfig = () =>
  useConfigChange(async ({ id, input }: { id: string | null; input: ConfigInput }) =>
    unwrap(
      id === null
        ? await api.post<ConfigEntry>('/admin/system-config', input)
        : await api.put<ConfigEntry>(`/admin/system-config/${encodeURIComponent(id)}`, input),
    ),
  );

export const useToggleConfig = () =>
  useConfigChange(async (id: string) => unwrap(await api.post<ConfigEntry>(`/admin/system-config/${encodeURIComponent(id)}/toggle`)));

export const useDeleteConfig = () =>
  useConfigChange(async (id: string) => unwrap(await api.delete<{ success: boolean }>(`/admin/system-config/${encodeURIComponent(id)}`)));

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
    queryFn: ({ signal }) => api.get<SystemSettingsResponse>('/admin/system/settings', { signal }).then(unwrap),
  });
}

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: SystemSettingsUpdate) => unwrap(await api.put<SystemSettingsResponse>('/admin/system/settings', update)),
    onSuccess: (data) => {
      queryClient.setQueryData(SYSTEM_SETTINGS_KEY, data);
      return Promise.all([queryClient.invalidateQueries({ queryKey: BRANDING_KEY }), queryClient.invalidateQueries({ queryKey: SYSTEM_CONFIG_KEY })]);
    },
  });
}

import type { ConfigEntry } from '@admin-portal/contract/system/config';
import type { ConfigRow } from './config.queries.ts';

/** An entry as the API shows it: a secret's value never leaves the server (only whether one is stored). */
export function presentConfig(row: ConfigRow): ConfigEntry {
  const file =
    row.value_type === 'file' && row.file_id
      ? {
          file_name: row.file_name ?? 'file',
          content_type: row.content_type ?? 'application/octet-stream',
          size_bytes: Number(row.size_bytes ?? 0),
          sha256: row.sha256 ?? '',
          download_url: `/api/admin/system-config/${row.id}/file`,
        }
      : null;
  return {
    id: row.id,
    key: row.key,
    description: row.description,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    environment: row.environment,
    value_type: row.value_type,
    value: row.value_type === 'secret' || row.value_type === 'file' ? null : row.value,
    has_secret: row.value_type === 'secret' && row.secret_value !== null,
    file,
    is_enabled: row.is_enabled,
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

import type { ConfigEntry } from '@admin-portal/contract/system/config';
import { formatBytes } from '@admin-portal/contract/system/config-values';

export const ENVIRONMENT_LABELS: Record<string, string> = { development: 'Development', staging: 'Staging', production: 'Production', all: 'All environments' };
export const TYPE_LABELS: Record<string, string> = { string: 'Text', number: 'Number', boolean: 'Boolean', json: 'JSON', secret: 'Secret', file: 'File' };

/** A value as the table shows it: secrets masked, files by name and size, JSON compact. */
export function displayValue(entry: ConfigEntry): string {
  switch (entry.value_type) {
    case 'secret':
      return entry.has_secret ? '••••••••' : '(not set)';
    case 'file':
      return entry.file ? `${entry.file.file_name} (${formatBytes(entry.file.size_bytes)})` : '(no file)';
    case 'json':
      return JSON.stringify(entry.value);
    case 'boolean':
      return entry.value === true ? 'true' : 'false';
    default:
      return String(entry.value ?? '');
  }
}

/** The value as the editor starts with it (a secret starts empty: the stored one is never sent to the browser). */
export function editorText(entry: ConfigEntry | null): string {
  if (!entry || entry.value_type === 'secret' || entry.value_type === 'file') return '';
  if (entry.value_type === 'json') return JSON.stringify(entry.value, null, 2);
  return String(entry.value ?? '');
}

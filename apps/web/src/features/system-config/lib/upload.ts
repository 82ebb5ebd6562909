import type { ConfigEntry } from '@admin-portal/contract/system/config';
import { MESSAGES } from '@admin-portal/contract/messages';
import { api, API_BASE_URL } from '../../../shared/api/api.ts';

export interface UploadFields {
  key: string;
  description: string;
  organization_id: string;
  environment: string;
}

export class UploadError extends Error {
  readonly status: number;
  readonly field: string | null;
  constructor(message: string, status: number, field: string | null) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.field = field;
  }
}

export const UPLOAD_CANCELLED = 'Upload cancelled';

/**
 * POST /admin/system-config/upload-binary as multipart (spec §3 fields, then the file) through XMLHttpRequest, the
 * only browser API that reports upload progress: `onProgress` gets whole percents as the bytes leave. `signal`
 * cancels. Resolves with the saved entry; rejects with an UploadError carrying the server's detail.
 */
export async function uploadConfigFile(fields: UploadFields, file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<ConfigEntry> {
  const headers = await api.sessionHeaders();
  if (signal.aborted) throw new UploadError(UPLOAD_CANCELLED, 0, null);
  const form = new FormData();
  form.append('key', fields.key);
  if (fields.description) form.append('description', fields.description);
  if (fields.organization_id) form.append('organization_id', fields.organization_id);
  if (fields.environment) form.append('environment', fields.environment);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}/admin/system-config/upload-binary`);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as ConfigEntry);
        return;
      }
      const detail = (body as { detail?: unknown } | null)?.detail;
      const errors = (body as { validation_errors?: { field: string; message: string }[] } | null)?.validation_errors ?? [];
      reject(new UploadError(typeof detail === 'string' && detail ? detail : MESSAGES.defaultError, xhr.status, errors[0]?.field ?? null));
    };
    xhr.onerror = () => reject(new UploadError('The upload failed: the connection was lost.', 0, null));
    xhr.onabort = () => reject(new UploadError(UPLOAD_CANCELLED, 0, null));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

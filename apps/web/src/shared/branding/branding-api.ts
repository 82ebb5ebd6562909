import type { Branding } from '@admin-portal/contract/system/settings';
import { call } from '../api/api.ts';
import { unwrap } from '../api/api-result.ts';
import { APP_NAME } from '../lib/app-info.ts';

/** Before the first answer (or if it fails): the spec's name, no logo, the assistant shown. */
export const DEFAULT_BRANDING: Branding = { product_name: APP_NAME, logo_url: null, password_min_length: 8, ai_assistant: true };

/** GET /system/branding: the signed-in organization's branding with a session, the global one without. */
export async function getBranding(signal?: AbortSignal): Promise<Branding> {
  return unwrap(await call('GET /api/system/branding', { signal }));
}

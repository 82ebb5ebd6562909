import { useQuery } from '@tanstack/react-query';
import type { Branding } from '@admin-portal/contract/system/settings';
import { api } from '../api/api.ts';
import { unwrap } from '../api/api-result.ts';
import { APP_NAME } from '../lib/app-info.ts';

/** Every branding query starts with this key: System Configuration and the product settings refresh it on change. */
export const BRANDING_KEY = ['branding'] as const;

/** Before the first answer (or if it fails): the spec's name, no logo, the assistant shown. */
export const DEFAULT_BRANDING: Branding = { product_name: APP_NAME, logo_url: null, password_min_length: 8, ai_assistant: true };

/**
 * The product name, logo and AI switch (System Configuration's branding.* and features.ai_assistant, the product
 * settings' name): the signed-in organization's inside the shell, the global ones on the sign-in page.
 */
export function useBranding(signedIn: boolean): Branding {
  const query = useQuery({
    queryKey: [...BRANDING_KEY, signedIn ? 'signed-in' : 'public'],
    queryFn: async ({ signal }) => unwrap(await api.get<Branding>('/system/branding', { signal })),
    staleTime: 60_000,
  });
  // The browser tab's title (page · product) is set by the app's root layout.
  return query.data ?? DEFAULT_BRANDING;
}

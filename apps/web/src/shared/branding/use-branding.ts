import { useQuery } from '@tanstack/react-query';
import type { Branding } from '@admin-portal/contract/system/settings';
import { DEFAULT_BRANDING, getBranding } from './branding-api.ts';

export { DEFAULT_BRANDING };

/** Every branding query starts with this key: System Configuration and the product settings refresh it on change. */
export const BRANDING_KEY = ['branding'] as const;

/**
 * The product name, logo and AI switch (System Configuration's branding.* and features.ai_assistant, the product
 * settings' name): the signed-in organization's inside the shell, the global ones on the sign-in page.
 */
export function useBranding(signedIn: boolean, { enabled = true }: { enabled?: boolean } = {}): Branding {
  const query = useQuery({
    queryKey: [...BRANDING_KEY, signedIn ? 'signed-in' : 'public'],
    queryFn: ({ signal }) => getBranding(signal),
    staleTime: 60_000,
    enabled,
  });
  // The browser tab's title (page · product) is set by the app's root layout.
  return query.data ?? DEFAULT_BRANDING;
}

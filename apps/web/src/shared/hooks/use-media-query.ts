import { useCallback, useSyncExternalStore } from 'react';
import { LIMITS } from '@admin-portal/contract/messages';

/** Whether a CSS media query matches, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec §9: at a window width of 1024 px or less the sidebar becomes a drawer. */
export const MOBILE_QUERY = `(max-width: ${LIMITS.mobileBreakpointPx}px)`;

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);

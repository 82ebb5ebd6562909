import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { LIMITS } from '@admin-portal/contract/messages';

/** How long a closed dialog or drawer may take to animate out before it is taken out of the page. */
export const CLOSE_GRACE_MS = LIMITS.modalTransitionMs + LIMITS.backdropTransitionMs + 250;

/**
 * A dialog or drawer kept mounted with `open: false`, so it animates out, is unmounted once that has had its time.
 * React Bootstrap's Modal and Offcanvas leave themselves in the page when they miss the end of their exit transition
 * (react-bootstrap#6153, seen here under load: an invisible `aria-modal` dialog that no key closes); unmounting it
 * takes its element and its focus trap away whatever the transition did, and gives the focus back as a normal close does.
 */
export function useUnmountWhenClosed<T extends { open: boolean }>(state: T | null, setState: Dispatch<SetStateAction<T | null>>): void {
  useEffect(() => {
    if (!state || state.open) return;
    const timer = setTimeout(() => setState((current) => (current === state ? null : current)), CLOSE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [state, setState]);
}

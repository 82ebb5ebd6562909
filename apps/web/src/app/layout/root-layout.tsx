import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useAuthLoading, useIsAuthenticated } from '../../features/auth/auth-store.ts';
import { useBranding } from '../../shared/branding/use-branding.ts';
import { documentTitle } from '../navigation/page-title.ts';
import { SCREEN_PATHS } from '../screen-paths.ts';
import { LoadingBar } from './loading-bar.tsx';
import { ToastStack } from './toast-stack.tsx';

/** What a person does to scroll the page themselves: from then on the page is theirs. */
const OWN_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** How often a smooth scroll cut short is taken up again before giving up. */
const SCROLL_TRIES = 3;

/**
 * Spec §2: after any route change the page scrolls smoothly to the top. The browser may cut a smooth scroll short
 * (the new screen drawing under it and changing the page's height); it is taken up again until the top is reached,
 * unless the person scrolls themselves meanwhile.
 */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // Not on the page's first drawing: nothing was scrolled yet, and reading scrollY then forces a layout of the whole
    // page before the browser's own (13 ms before /users' heading on the bench machine).
    if (first.current) {
      first.current = false;
      return;
    }
    if (window.scrollY === 0) return;
    let tries = 0;
    const scroll = () => window.scrollTo({ top: 0, behavior: 'smooth' });
    const stop = () => {
      window.removeEventListener('scrollend', onEnd);
      for (const type of OWN_SCROLL_EVENTS) window.removeEventListener(type, stop, { capture: true });
    };
    function onEnd() {
      if (window.scrollY === 0 || ++tries > SCROLL_TRIES) stop();
      else scroll();
    }
    window.addEventListener('scrollend', onEnd);
    for (const type of OWN_SCROLL_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
    scroll();
    return stop;
  }, [pathname]);
}

/** Each page names itself in the browser tab, before the product's name (the configured one once it is known). */
function useDocumentTitle() {
  const { pathname } = useLocation();
  // Not while a stored session is being checked: the signed-in branding follows at once, and the public one would be
  // one more request while the page waits for its own.
  const productName = useBranding(useIsAuthenticated(), { enabled: !useAuthLoading() }).product_name;
  useEffect(() => {
    document.title = documentTitle(pathname, SCREEN_PATHS, productName);
  }, [pathname, productName]);
}

/** Wraps every route: the loading bar while a lazy screen downloads, and the toasts. */
export function RootLayout() {
  const navigation = useNavigation();
  useScrollToTopOnNavigate();
  useDocumentTitle();
  return (
    <>
      <LoadingBar active={navigation.state === 'loading'} />
      <Outlet />
      <ToastStack />
    </>
  );
}

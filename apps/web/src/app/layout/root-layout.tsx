import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useIsAuthenticated } from '../../features/auth/auth-store.ts';
import { useBranding } from '../../shared/branding/use-branding.ts';
import { documentTitle } from '../navigation/page-title.ts';
import { SCREEN_PATHS } from '../router.tsx';
import { LoadingBar } from './loading-bar.tsx';
import { ToastStack } from './toast-stack.tsx';

/** Spec §2: after any route change the page scrolls smoothly to the top. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
}

/** Each page names itself in the browser tab, before the product's name (the configured one once it is known). */
function useDocumentTitle() {
  const { pathname } = useLocation();
  const productName = useBranding(useIsAuthenticated()).product_name;
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

import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingBar } from './loading-bar.tsx';
import { ToastStack } from './toast-stack.tsx';

/** Spec §2: after any route change the page scrolls smoothly to the top. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
}

/** Wraps every route: the loading bar while a lazy screen downloads, and the toasts. */
export function RootLayout() {
  const navigation = useNavigation();
  useScrollToTopOnNavigate();
  return (
    <>
      <LoadingBar active={navigation.state === 'loading'} />
      <Outlet />
      <ToastStack />
    </>
  );
}

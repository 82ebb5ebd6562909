import { createBrowserRouter, type RouteObject } from 'react-router';
import { NAVIGATION } from '@admin-portal/contract/navigation';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { LoadingBar } from './layout/loading-bar.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { routeRules } from './navigation/route-rules.ts';
import { HomeRedirect } from './routes/home-redirect.tsx';
import { RouteError } from './routes/route-error.tsx';
import { RouteGuard } from './routes/route-guard.tsx';
import { APP_LAYOUT, APP_SCREENS, PUBLIC_SCREENS, type LazyScreen } from './screens.ts';

const relative = (path: string) => path.replace(/^\/+/, '');

function appRoute(path: string, lazy: LazyScreen): RouteObject {
  const rules = routeRules(NAVIGATION, path);
  if (rules.length === 0) return { path: relative(path), lazy };
  return { path: relative(path), element: <RouteGuard rules={rules} />, children: [{ index: true, lazy }] };
}

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: () => <LoadingBar active />,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomeRedirect },
      ...Object.entries(PUBLIC_SCREENS).map(([path, lazy]) => ({ path: relative(path), lazy })),
      {
        Component: RequireAuth,
        children: [
          {
            lazy: APP_LAYOUT,
            children: Object.entries(APP_SCREENS).map(([path, lazy]) => appRoute(path, lazy)),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
]);

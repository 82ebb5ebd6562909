import { createBrowserRouter } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { LoadingBar } from './layout/loading-bar.tsx';
import { HomeRedirect } from './routes/home-redirect.tsx';
import { RouteError } from './routes/route-error.tsx';

/** Spec §2 routes. Every screen is its own chunk, so /login downloads only what it shows. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: () => <LoadingBar active />,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomeRedirect },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/auth/components/login-page.tsx')).LoginPage }),
      },
      {
        path: 'unauthorized',
        lazy: async () => ({ Component: (await import('./routes/unauthorized-page.tsx')).UnauthorizedPage }),
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/app-layout.tsx')).AppLayout }),
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({ Component: (await import('./routes/dashboard-route.tsx')).DashboardRoute }),
              },
            ],
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

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client.ts';
import { tokenStorage } from '../shared/storage/token-storage.ts';
import { router } from './router.tsx';
import { preloadScreen } from './screens.ts';
import { wireSession } from './session-wiring.ts';

wireSession(router);
if (tokenStorage.getAccessToken() || tokenStorage.getRefreshToken()) preloadScreen(window.location.pathname);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

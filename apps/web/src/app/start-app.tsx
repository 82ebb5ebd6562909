// First: schemas built from here on never ask for eval (the CSP forbids it).
import '../shared/lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app.css';
import { LIMITS } from '@admin-portal/contract/messages';
import { applyTheme, applyTransitionTimings } from '../shared/theme/theme.ts';
import { App } from './app.tsx';
import { router } from './router.tsx';

/**
 * Shows the whole app in `container`: main.tsx at once, the sign-in page's own download (sign-in.tsx) once someone
 * has signed in there or arrives with a session. `path` is where to go first (the sign-in page's return path).
 */
export function startApp(container: HTMLElement, path?: string): void {
  applyTheme();
  applyTransitionTimings(LIMITS.modalTransitionMs, LIMITS.backdropTransitionMs);
  if (path) void router.navigate(path, { replace: true });
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

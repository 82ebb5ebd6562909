// First: schemas built from here on never ask for eval (the CSP forbids it).
import './shared/lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import { App } from './app/app.tsx';
import { LIMITS } from '@admin-portal/contract/messages';
import { applyTheme, applyTransitionTimings } from './shared/theme/theme.ts';

applyTheme();
applyTransitionTimings(LIMITS.modalTransitionMs, LIMITS.backdropTransitionMs);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

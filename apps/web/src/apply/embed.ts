/**
 * The page inside a customer's own site (an iframe, docs/guide/applicant-flow.md): when the case ends, the parent
 * window is told `{ type: 'admin-portal:application', status: 'completed', outcome }` — nothing else of the case.
 */
export function notifyEmbedder(outcome: string | null): void {
  if (window.parent === window) return;
  window.parent.postMessage({ type: 'admin-portal:application', status: 'completed', outcome }, '*');
}

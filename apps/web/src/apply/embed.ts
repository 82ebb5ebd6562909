/**
 * The page inside a customer's own site (an iframe, docs/guide/applicant-flow.md): when the case ends, the parent
 * window is told `{ type: 'admin-portal:application', status: 'completed', outcome }` — nothing else of the case — and
 * only if it is one of the sites the organization lets embed its pages (the browser drops it for any other).
 */
export function notifyEmbedder(outcome: string | null, origins: readonly string[]): void {
  if (window.parent === window) return;
  for (const origin of origins) window.parent.postMessage({ type: 'admin-portal:application', status: 'completed', outcome }, origin);
}

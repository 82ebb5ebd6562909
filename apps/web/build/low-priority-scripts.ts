import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The app page's scripts asked for at low fetch priority (ADR 0070). A staff page's first frame is drawn by the server
 * and needs only the page's stylesheet and /boot.js; at the default (high) priority its ~40 script files take the
 * connections and the two cores of a slow machine while that frame waits to be painted. At low priority they still
 * start at once and arrive no later when nothing else is asked for (bench:web, 2026-12-02). Only index.html: the
 * sign-in page (login.html) and the applicant's page (apply.html) show nothing before their scripts have run.
 */
export function lowPriorityScriptTags(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '$& fetchpriority="low"');
}

export const lowPriorityScripts = (): Plugin => ({
  name: 'low-priority-scripts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) => (path.basename(context.filename) === 'index.html' ? lowPriorityScriptTags(html) : html),
  },
});

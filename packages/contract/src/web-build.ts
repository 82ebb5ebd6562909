/*
 * What the web build leaves for the server beside its pages (ADR 0051).
 */

/** Written by the web build next to index.html (apps/web/build/route-preloads.ts), read by the server (http/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Per screen path, as the router writes it (`/docs/:slug` included): the built scripts and styles its first draw needs beyond index.html's. */
export interface RoutePreloads {
  routes: Record<string, { scripts: string[]; styles: string[] }>;
}

/** Written by the web build next to index.html (apps/web/build/guide-index.ts), read by the server (http/page-html.ts). */
export const DOC_HEADINGS_FILE = 'doc-headings.json';

/**
 * The heading each markdown page opens with (its first heading), by page path: every `/docs/<slug>` of the user guide,
 * `/support` and `/privacy-policy`. The server draws it into such a page's first frame (ADR 0070).
 */
export interface DocHeadings {
  pages: Record<string, string>;
}

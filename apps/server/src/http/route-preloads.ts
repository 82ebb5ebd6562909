import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@admin-portal/contract/web-build';

/*
 * The web build's route-preloads.json: per screen path, the scripts and styles its first draw needs beyond what
 * index.html loads. Served pages carry them as preload links, so a deep link's screen downloads while the app does
 * rather than after it has started (ADR 0051).
 */

/** Only build asset paths go into the page: the file comes from the build, but the page is no place to trust it blindly. */
const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

const matches = (pattern: string, pathname: string) => {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]));
};

/** Each screen pattern's `<link>` tags, worked out once per table. */
function linkTags(table: RoutePreloads): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [pattern, entry] of Object.entries(table.routes)) {
    const styles = entry.styles.filter((f) => ASSET.test(f)).map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`);
    // Low priority like index.html's own scripts: the page's first frame needs only its stylesheet (ADR 0070).
    const scripts = entry.scripts.filter((f) => ASSET.test(f)).map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${f}">`);
    tags.set(pattern, [...styles, ...scripts].join(''));
  }
  return tags;
}

/** The tags for `pathname`'s screen, or '' when the path is not a screen. */
function linksFor(tags: ReadonlyMap<string, string>, pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return tags.get(trimmed) ?? [...tags].find(([pattern]) => pattern.includes(':') && matches(pattern, trimmed))?.[1] ?? '';
}

/**
 * index.html for a page path, with its screen's preload links before `</head>`. The file and the table are read again
 * when they change on disk (a rebuilt web app is served without a restart, like the assets).
 */
export function createPageHtml(webDist: string): (pathname: string) => string | null {
  let cached: { stamp: string; html: string; tags: Map<string, string> } | null = null;
  const stampOf = (file: string) => {
    try {
      const stat = fs.statSync(file);
      return `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return 'none';
    }
  };
  const load = () => {
    const indexFile = path.join(webDist, 'index.html');
    const tableFile = path.join(webDist, ROUTE_PRELOADS_FILE);
    const stamp = `${stampOf(indexFile)}|${stampOf(tableFile)}`;
    if (cached?.stamp === stamp) return cached;
    let tags = new Map<string, string>();
    try {
      const parsed = JSON.parse(fs.readFileSync(tableFile, 'utf8')) as RoutePreloads;
      if (parsed && typeof parsed.routes === 'object') tags = linkTags(parsed);
    } catch {
      // No table (an older build, or none at all): pages are served without preloads.
    }
    try {
      cached = { stamp, html: fs.readFileSync(indexFile, 'utf8'), tags };
    } catch {
      return null;
    }
    return cached;
  };
  return (pathname) => {
    const page = load();
    if (!page) return null;
    const links = linksFor(page.tags, pathname);
    return links ? page.html.replace('</head>', `${links}</head>`) : page.html;
  };
}

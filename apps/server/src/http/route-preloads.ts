import { withoutTrailingSlash } from '@admin-portal/contract/navigation';
import type { RoutePreloads } from '@admin-portal/contract/web-build';

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
export function linkTags(table: RoutePreloads): Map<string, string> {
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
export function linksFor(tags: ReadonlyMap<string, string>, pathname: string): string {
  const trimmed = withoutTrailingSlash(pathname);
  return tags.get(trimmed) ?? [...tags].find(([pattern]) => pattern.includes(':') && matches(pattern, trimmed))?.[1] ?? '';
}

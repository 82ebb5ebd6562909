import guideSummaries from 'virtual:guide-index';
import type { DocSummary } from '../../../shared/lib/markdown-text.ts';

/*
 * The markdown kept in the repository (docs/), bundled at build time: the guide's pages as separate lazy chunks, so
 * none of them is downloaded before a help page is opened.
 */
const GUIDE_FILES = import.meta.glob<string>('../../../../../../docs/guide/*.md', { query: '?raw', import: 'default' });
/** The two standalone pages are a few KB: they come with this module, so their page draws at once, heading and all. */
const PAGE_FILES = import.meta.glob<string>(['../../../../../../docs/support.md', '../../../../../../docs/privacy-policy.md'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The guide's reading order; pages not listed follow alphabetically. */
const GUIDE_ORDER = ['getting-started', 'users-and-roles', 'organizations', 'workflows', 'tools', 'settings', 'security', 'api', 'webhooks'];

const slugOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');

export function orderSlugs(slugs: readonly string[], order: readonly string[] = GUIDE_ORDER): string[] {
  const rank = (s: string) => {
    const i = order.indexOf(s);
    return i === -1 ? order.length : i;
  };
  return [...slugs].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const guideLoaders = new Map(Object.entries(GUIDE_FILES).map(([path, load]) => [slugOf(path), load]));

export const GUIDE_SLUGS: readonly string[] = orderSlugs([...guideLoaders.keys()]);

export function isGuide(slug: string): boolean {
  return guideLoaders.has(slug);
}

/** One guide page's markdown, or null when there is no such page. */
export async function loadGuide(slug: string): Promise<string | null> {
  const load = guideLoaders.get(slug);
  return load ? load() : null;
}

/** A guide page's title (its first heading) as the build found it, or null: known before the page's markdown loads. */
export function guideTitle(slug: string): string | null {
  return guideLoaders.has(slug) ? (guideSummaries[slug]?.title ?? null) : null;
}

export interface GuideEntry extends DocSummary {
  slug: string;
}

/**
 * Every guide page with its first heading and first paragraph, in reading order: worked out when the app was built
 * (build/guide-index.ts), so listing the guide downloads none of its pages.
 */
export async function loadGuideIndex(): Promise<GuideEntry[]> {
  return GUIDE_SLUGS.map((slug) => ({ slug, title: guideSummaries[slug]?.title ?? '', summary: guideSummaries[slug]?.summary ?? '' }));
}

export type StandalonePage = 'support' | 'privacy-policy';

export function pageSource(page: StandalonePage): string {
  const source = Object.entries(PAGE_FILES).find(([path]) => slugOf(path) === page)?.[1];
  if (source === undefined) throw new Error(`docs/${page}.md is missing from the build`);
  return source;
}

import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { DOC_HEADINGS_FILE, type DocHeadings } from '@admin-portal/contract/web-build';
import { docSummary, type DocSummary } from '../src/shared/lib/markdown-text.ts';

const ID = 'virtual:guide-index';
const RESOLVED = `\0${ID}`;

/** The standalone markdown pages beside the guide (docs/support.md, docs/privacy-policy.md), by page path. */
const STANDALONE_PAGES = { '/support': 'support.md', '/privacy-policy': 'privacy-policy.md' } as const;

/** Every guide page's summary, by slug, read from `guideDir`'s markdown files. */
function guideSummaries(guideDir: string, watch: (file: string) => void): Record<string, DocSummary> {
  const entries: Record<string, DocSummary> = {};
  for (const file of fs
    .readdirSync(guideDir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const full = path.join(guideDir, file);
    watch(full);
    entries[file.replace(/\.md$/, '')] = docSummary(fs.readFileSync(full, 'utf8'));
  }
  return entries;
}

/**
 * The heading every markdown page opens with, by page path: the guide's `/docs/<slug>` pages and the standalone pages
 * of `docsDir` (the folder above the guide), for the server's first frame of those pages (ADR 0070). `summaries` are
 * the guide's, where they have been read already.
 */
export function docHeadings(
  guideDir: string,
  docsDir: string = path.dirname(guideDir),
  summaries: Readonly<Record<string, DocSummary>> = guideSummaries(guideDir, () => undefined),
): DocHeadings {
  const pages: Record<string, string> = {};
  for (const [slug, summary] of Object.entries(summaries)) if (summary.title) pages[`/docs/${slug}`] = summary.title;
  for (const [page, file] of Object.entries(STANDALONE_PAGES)) {
    const title = docSummary(fs.readFileSync(path.join(docsDir, file), 'utf8')).title;
    if (title) pages[page] = title;
  }
  return { pages };
}

/**
 * `virtual:guide-index`: every guide page's title and summary (its first heading and paragraph, by the same
 * `docSummary` the pages use), worked out when the app is built. The /help and /docs pages list the guide from it, so
 * they download one guide page's markdown at most, not all of them (issue 32 item 20). A build also writes
 * doc-headings.json (`docHeadings`) for the server. Used by vite.config.ts and by the web unit tests (vitest.config.ts).
 */
export function guideIndex(guideDir: string): Plugin {
  /** The summaries the build's virtual module was made from, so the headings are not read twice. */
  let summaries: Record<string, DocSummary> | undefined;
  return {
    name: 'guide-index',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      summaries = guideSummaries(guideDir, (file) => this.addWatchFile(file));
      return `export default ${JSON.stringify(summaries)};`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: DOC_HEADINGS_FILE, source: `${JSON.stringify(docHeadings(guideDir, undefined, summaries))}\n` });
    },
  };
}

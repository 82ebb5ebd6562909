import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { docSummary, type DocSummary } from '../src/shared/lib/markdown-text.ts';

const ID = 'virtual:guide-index';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:guide-index`: every guide page's title and summary (its first heading and paragraph, by the same
 * `docSummary` the pages use), worked out when the app is built. The /help and /docs pages list the guide from it, so
 * they download one guide page's markdown at most, not all of them (issue 32 item 20). Used by vite.config.ts and by
 * the web unit tests (vitest.config.ts).
 */
export function guideIndex(guideDir: string): Plugin {
  return {
    name: 'guide-index',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const entries: Record<string, DocSummary> = {};
      for (const file of fs
        .readdirSync(guideDir)
        .filter((f) => f.endsWith('.md'))
        .sort()) {
        const full = path.join(guideDir, file);
        this.addWatchFile(full);
        entries[file.replace(/\.md$/, '')] = docSummary(fs.readFileSync(full, 'utf8'));
      }
      return `export default ${JSON.stringify(entries)};`;
    },
  };
}

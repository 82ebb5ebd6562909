import fs from 'node:fs';
import path from 'node:path';
import { DOC_HEADINGS_FILE, ROUTE_PRELOADS_FILE, type DocHeadings, type RoutePreloads } from '@admin-portal/contract/web-build';
import { markdownFrames, withBootFrame, type MarkdownFrames } from './boot-frame.ts';
import { linksFor, linkTags } from './route-preloads.ts';

/*
 * The app's page as the server sends it for a page path: the build's index.html with the screen's preload links
 * (route-preloads.ts, ADR 0051) and the page's first frame (boot-frame.ts, ADR 0070).
 */

interface Build {
  stamp: string;
  html: string;
  tags: Map<string, string>;
  /** The markdown pages' first frames, drawn when the build is read. */
  markdownFrames: MarkdownFrames;
}

const stampOf = (file: string) => {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'none';
  }
};

/** A JSON file the build wrote, or null when it is missing or unreadable (an older build, or none at all). */
function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Only a table of short strings: the file comes from the build, but the page is no place to trust it blindly. */
function markdownHeadingsOf(value: unknown): Record<string, string> {
  const pages = (value as Partial<DocHeadings> | null)?.pages;
  if (!pages || typeof pages !== 'object') return {};
  return Object.fromEntries(Object.entries(pages).filter(([page, heading]) => page.startsWith('/') && typeof heading === 'string' && heading.length <= 200));
}

/**
 * index.html for a page path, with its screen's preload links before `</head>` and its first frame before the app's
 * root. The files are read again when they change on disk (a rebuilt web app is served without a restart, like the
 * assets).
 */
export function createPageHtml(webDist: string): (pathname: string) => string | null {
  let cached: Build | null = null;
  const load = () => {
    const indexFile = path.join(webDist, 'index.html');
    const tableFile = path.join(webDist, ROUTE_PRELOADS_FILE);
    const headingsFile = path.join(webDist, DOC_HEADINGS_FILE);
    const stamp = `${stampOf(indexFile)}|${stampOf(tableFile)}|${stampOf(headingsFile)}`;
    if (cached?.stamp === stamp) return cached;
    const table = readJson(tableFile) as RoutePreloads | null;
    const tags = table && typeof table.routes === 'object' ? linkTags(table) : new Map<string, string>();
    try {
      cached = { stamp, html: fs.readFileSync(indexFile, 'utf8'), tags, markdownFrames: markdownFrames(markdownHeadingsOf(readJson(headingsFile))) };
    } catch {
      return null;
    }
    return cached;
  };
  return (pathname) => {
    const build = load();
    if (!build) return null;
    const links = linksFor(build.tags, pathname);
    return withBootFrame(links ? build.html.replace('</head>', `${links}</head>`) : build.html, pathname, build.markdownFrames);
  };
}

import { buildBreadcrumbs, NAVIGATION, withoutTrailingSlash } from '@admin-portal/contract/navigation';
import { BUILDER_HEADING, pageHeading, type PageHeading } from '@admin-portal/contract/page-headings';

/*
 * The first frame of a staff page (ADR 0070): the shell's outline, the breadcrumbs and the page's heading, drawn into
 * the HTML the server sends, so a signed-in visitor sees where they are while the app's scripts still download. It is
 * hidden unless /boot.js, which runs before the page draws, finds a stored session; the app removes it as it draws
 * its first heading. Only static words go in, the contract's and the headings of the build's markdown pages: nothing
 * of anyone's data, nothing from the request.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const shell = (content: string) =>
  '<div id="boot-frame" class="boot-frame" aria-hidden="true">' +
  `<div class="boot-frame-sidebar placeholder-glow">${'<span class="placeholder col-8"></span>'.repeat(6)}</div>` +
  `<div class="boot-frame-main"><div class="boot-frame-header"></div><div class="boot-frame-content">${content}</div></div>` +
  '</div>';

function breadcrumbs(path: string): string {
  const crumbs = buildBreadcrumbs(NAVIGATION, path);
  return crumbs
    ? `<nav class="boot-frame-crumbs"><ol class="breadcrumb mb-0">${crumbs
        .map((crumb, i) => `<li class="breadcrumb-item${i === crumbs.length - 1 ? ' active' : ''}">${escapeHtml(crumb.title)}</li>`)
        .join('')}</ol></nav>`
    : '';
}

/** A page of the contract's table: its heading and the line under it (a placeholder where the page words it per view). */
function staffPageFrame(path: string, page: PageHeading): string {
  const lead = page.lead
    ? `<p class="text-body-secondary mb-0">${escapeHtml(page.lead)}</p>`
    : '<p class="placeholder-glow mb-0"><span class="placeholder col-5"></span></p>';
  return shell(`${breadcrumbs(path)}<div class="mb-4"><h1 class="h3 mb-1">${escapeHtml(page.heading)}</h1>${lead}</div>`);
}

/**
 * A markdown page (a guide page, /support, /privacy-policy): its card with the heading it opens with and lines where
 * its text comes, in the columns the page draws it in (the guide's pages beside a guide page).
 */
function markdownPageFrame(path: string, heading: string): string {
  const card =
    '<article class="card docs-article"><div class="card-body p-4 p-lg-5">' +
    `<div class="markdown-body"><h1 class="md-heading">${escapeHtml(heading)}</h1></div>` +
    '<p class="placeholder-glow"><span class="placeholder col-12"></span> <span class="placeholder col-10"></span> <span class="placeholder col-11"></span></p>' +
    '</div></article>';
  const columns = path.startsWith('/docs/')
    ? `<div class="row g-4"><div class="col-lg-3 col-xxl-2 d-none d-lg-block"></div><div class="col-lg-9 col-xxl-8">${card}</div></div>`
    : `<div class="docs-standalone">${card}</div>`;
  return shell(`${breadcrumbs(path)}${columns}`);
}

const BUILDER_PATH = '/workflows/builder';

/**
 * The Visual Builder (a canvas, no page header): what the page shows while its editor loads — its heading for screen
 * readers only and the spinner in the middle — so the frame gives way to the same picture.
 */
const BUILDER_FRAME = shell(
  `${breadcrumbs(BUILDER_PATH)}<h1 class="visually-hidden">${escapeHtml(BUILDER_HEADING)}</h1>` +
    '<div class="d-flex align-items-center justify-content-center min-vh-100"><div class="spinner-border text-primary"></div></div>',
);

/** The frames of the contract's pages, drawn once each (they depend on the path alone). */
const STAFF_FRAMES = new Map<string, string>();

/** Markdown pages' frames by page path, drawn once per build (page-html.ts keeps them with the build they come from). */
export type MarkdownFrames = ReadonlyMap<string, string>;

/**
 * The frames of the build's markdown pages, from the headings the web build found for them (doc-headings.json), by
 * page path; a page without a heading gets none.
 */
export function markdownFrames(markdownHeadings: Readonly<Record<string, string>>): MarkdownFrames {
  return new Map(
    Object.entries(markdownHeadings)
      .filter(([, heading]) => typeof heading === 'string' && heading !== '')
      .map(([page, heading]) => {
        const path = withoutTrailingSlash(page);
        return [path, markdownPageFrame(path, heading)] as const;
      }),
  );
}

/**
 * The frame's markup for `pathname`, or '' for a path without a known heading (sign-in, applicants' pages, a case,
 * …). `markdown` holds the frames of the build's markdown pages (`markdownFrames`).
 */
export function bootFrame(pathname: string, markdown: MarkdownFrames = new Map()): string {
  const path = withoutTrailingSlash(pathname);
  if (path === BUILDER_PATH) return BUILDER_FRAME;
  const page = pageHeading(path);
  if (!page) return markdown.get(path) ?? '';
  let frame = STAFF_FRAMES.get(path);
  if (frame === undefined) STAFF_FRAMES.set(path, (frame = staffPageFrame(path, page)));
  return frame;
}

const ROOT = '<div id="root"></div>';

/** `html` (the app's index.html) with the frame for `pathname` before the app's root element. */
export function withBootFrame(html: string, pathname: string, markdown: MarkdownFrames = new Map()): string {
  const frame = bootFrame(pathname, markdown);
  return frame && html.includes(ROOT) ? html.replace(ROOT, `${frame}${ROOT}`) : html;
}

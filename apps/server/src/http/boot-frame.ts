import { buildBreadcrumbs, NAVIGATION } from '@admin-portal/contract/navigation';
import { pageHeading } from '@admin-portal/contract/page-headings';

/*
 * The first frame of a staff page (ADR 0070): the shell's outline, the breadcrumbs and the page's heading, drawn into
 * the HTML the server sends, so a signed-in visitor sees where they are while the app's scripts still download. It is
 * hidden unless /boot.js, which runs before the page draws, finds a stored session; the app removes it as it draws
 * its first heading. Only static words of the contract go in: nothing of anyone's data, nothing from the request.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The frame's markup for `pathname`, or '' for a path without a known heading (sign-in, applicants' pages, the builder, …). */
export function bootFrame(pathname: string): string {
  const page = pageHeading(pathname);
  if (!page) return '';
  const crumbs = buildBreadcrumbs(NAVIGATION, pathname);
  const trail = crumbs
    ? `<nav class="boot-frame-crumbs"><ol class="breadcrumb mb-0">${crumbs
        .map((crumb, i) => `<li class="breadcrumb-item${i === crumbs.length - 1 ? ' active' : ''}">${escapeHtml(crumb.title)}</li>`)
        .join('')}</ol></nav>`
    : '';
  const lead = page.lead
    ? `<p class="text-body-secondary mb-0">${escapeHtml(page.lead)}</p>`
    : '<p class="placeholder-glow mb-0"><span class="placeholder col-5"></span></p>';
  const bars = '<span class="placeholder col-8"></span>'.repeat(6);
  return (
    '<div id="boot-frame" class="boot-frame" aria-hidden="true">' +
    `<div class="boot-frame-sidebar placeholder-glow">${bars}</div>` +
    '<div class="boot-frame-main"><div class="boot-frame-header"></div>' +
    `<div class="boot-frame-content">${trail}<div class="mb-4"><h1 class="h3 mb-1">${escapeHtml(page.heading)}</h1>${lead}</div></div>` +
    '</div></div>'
  );
}

const ROOT = '<div id="root"></div>';

/** `html` (the app's index.html) with the frame for `pathname` before the app's root element. */
export function withBootFrame(html: string, pathname: string): string {
  const frame = bootFrame(pathname);
  return frame && html.includes(ROOT) ? html.replace(ROOT, `${frame}${ROOT}`) : html;
}

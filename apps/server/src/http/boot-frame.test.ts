import { describe, expect, it } from 'vitest';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import { bootFrame, markdownFrames, withBootFrame } from './boot-frame.ts';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

describe("a staff page's first frame", () => {
  it('draws the heading, the line under it and the breadcrumbs of every page of the table', () => {
    const users = bootFrame('/users');
    expect(users).toContain('<h1 class="h3 mb-1">User Management</h1>');
    expect(users).toContain(`<p class="text-body-secondary mb-0">${PAGE_HEADINGS['/users'].lead}</p>`);
    expect(users).toContain('<li class="breadcrumb-item">Dashboard</li><li class="breadcrumb-item active">User Management</li>');
    expect(users).toContain('aria-hidden="true"');
    for (const [path, page] of Object.entries(PAGE_HEADINGS)) {
      expect(bootFrame(path), path).toContain(`>${page.heading.replace('&', '&amp;')}</h1>`);
      expect(bootFrame(`${path}/`), `${path}/`).toBe(bootFrame(path));
    }
  });

  it('keeps the line free where the page words it per view, and shows no crumbs on the dashboard', () => {
    const dashboard = bootFrame('/dashboard');
    expect(dashboard).toContain('<p class="placeholder-glow mb-0"><span class="placeholder col-5"></span></p>');
    expect(dashboard).not.toContain('breadcrumb');
    expect(bootFrame('/settings/organizations')).toContain('<li class="breadcrumb-item">Settings</li><li class="breadcrumb-item active">Organizations</li>');
  });

  it('draws the Visual Builder as it opens: the heading for screen readers only, the spinner, the crumbs', () => {
    const builder = bootFrame('/workflows/builder/');
    expect(builder).toContain('<h1 class="visually-hidden">Visual Builder</h1>');
    expect(builder).toContain('<div class="spinner-border text-primary"></div>');
    expect(builder).toContain('<li class="breadcrumb-item">All Workflows</li><li class="breadcrumb-item active">Visual Builder</li>');
    expect(withBootFrame(INDEX, '/workflows/builder')).toContain(`${builder}<div id="root"></div>`);
  });

  it('draws nothing for a path without a known heading: sign-in, applicants, a case, anything else', () => {
    for (const path of ['/', '/login', '/apply/abc', '/workflows/builder/x', '/docs/getting-started', '/support', '/users/x', '/nope', '/constructor']) {
      expect(bootFrame(path), path).toBe('');
      expect(withBootFrame(INDEX, path), path).toBe(INDEX);
    }
  });

  it("draws a markdown page's card with the heading the build found for it, in the page's columns", () => {
    const headings = markdownFrames({ '/docs/getting-started': 'Getting started', '/support': 'Support & <help>', '/privacy-policy': '' });
    const guide = bootFrame('/docs/getting-started/', headings);
    expect(guide).toContain('<div class="markdown-body"><h1 class="md-heading">Getting started</h1></div>');
    expect(guide).toContain('<div class="col-lg-9 col-xxl-8"><article class="card docs-article">');
    expect(guide).toContain('<li class="breadcrumb-item">Docs</li><li class="breadcrumb-item active">Getting started</li>');
    const support = bootFrame('/support', headings);
    expect(support).toContain('<div class="docs-standalone"><article class="card docs-article">');
    expect(support).toContain('<div class="markdown-body"><h1 class="md-heading">Support &amp; &lt;help&gt;</h1></div>');
    // A page the build did not name or gave no heading, and a name that is no own key of the table, draw nothing.
    for (const path of ['/docs/nope', '/privacy-policy', '/docs/constructor', '/toString']) expect(bootFrame(path, headings), path).toBe('');
    // A page of the contract's table keeps its own heading.
    expect(bootFrame('/help', markdownFrames({ '/help': 'Other' }))).toContain('>Help centre</h1>');
  });

  it("puts the frame just before the app's root, and leaves a page without a root as it is", () => {
    const page = withBootFrame(INDEX, '/audit-log');
    expect(page.indexOf('id="boot-frame"')).toBeGreaterThan(page.indexOf('<body>'));
    expect(page.indexOf('id="boot-frame"')).toBeLessThan(page.indexOf('<div id="root"></div>'));
    expect(page.match(/<h1/g)).toHaveLength(1);
    expect(withBootFrame('<html><body></body></html>', '/audit-log')).toBe('<html><body></body></html>');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docHeadings } from './guide-index.ts';

const GUIDE = path.join(import.meta.dirname, '..', '..', '..', 'docs', 'guide');

describe('docHeadings: what the server draws as a markdown page’s heading before the app has started', () => {
  it('names every guide page by its first heading, and the support and privacy pages', () => {
    const { pages } = docHeadings(GUIDE);
    const slugs = fs.readdirSync(GUIDE).filter((f) => f.endsWith('.md'));
    expect(Object.keys(pages).filter((p) => p.startsWith('/docs/'))).toHaveLength(slugs.length);
    expect(pages['/docs/getting-started']).toBe('Getting started');
    expect(pages['/support']).toBe('Support');
    expect(pages['/privacy-policy']).toBe('Privacy policy');
  });

  it('takes the heading’s words without its markdown, and leaves out a page without a heading', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-headings-'));
    const guide = path.join(root, 'guide');
    fs.mkdirSync(guide);
    fs.writeFileSync(path.join(guide, 'styled.md'), '# The *workflow* `builder`\n\nText.\n');
    fs.writeFileSync(path.join(guide, 'bare.md'), 'No heading at all.\n');
    fs.writeFileSync(path.join(root, 'support.md'), '# Getting help\n');
    fs.writeFileSync(path.join(root, 'privacy-policy.md'), '# Privacy\n');
    expect(docHeadings(guide).pages).toEqual({ '/docs/styled': 'The workflow builder', '/support': 'Getting help', '/privacy-policy': 'Privacy' });
  });
});

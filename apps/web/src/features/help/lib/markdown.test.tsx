import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../shared/ui/markdown.tsx';
import { GUIDE_SLUGS, guideTitle, loadGuide, loadGuideIndex, orderSlugs, pageSource } from './doc-sources.ts';
import { decodeEntities, docSummary, headingIds, lex, linkTarget, slugify } from '../../../shared/lib/markdown-text.ts';

const html = (source: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );

describe('markdown rendering', () => {
  it('renders headings with ids, paragraphs, emphasis, lists, code and tables', () => {
    const out = html(
      '# Title\n\nSome **bold**, *italic* and `code`.\n\n## A section\n\n- one\n- two\n\n1. first\n2. second\n\n```json\n{ "a": 1 }\n```\n\n| Status | Meaning |\n|---|:-:|\n| 401 | Not signed in |\n',
    );
    expect(out).toContain('<h1 id="title" class="md-heading">Title</h1>');
    expect(out).toContain('<h2 id="a-section" class="md-heading">A section<a class="md-anchor" href="#a-section" aria-hidden="true" tabindex="-1">#</a></h2>');
    expect(out).toContain('<p>Some <strong>bold</strong>, <em>italic</em> and <code>code</code>.</p>');
    expect(out).toContain('<ul><li><span>one</span></li><li><span>two</span></li></ul>');
    expect(out).toContain('<ol><li><span>first</span></li>');
    expect(out).toContain('<pre class="md-code" data-lang="json"><code class="language-json">{ &quot;a&quot;: 1 }</code></pre>');
    expect(out).toContain('<table class="table table-sm align-middle"><thead><tr><th scope="col">Status</th><th scope="col" class="text-center">Meaning</th>');
    expect(out).toContain('<td>401</td><td class="text-center">Not signed in</td>');
  });

  it('never injects raw HTML from the markdown', () => {
    const out = html('Hello <img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n<div onclick="x()">block</div>\n');
    expect(out).not.toMatch(/<img|<script|<div onclick/);
    expect(out).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('&lt;div onclick=&quot;x()&quot;&gt;block&lt;/div&gt;');
  });

  it('keeps dangerous links from being links', () => {
    const out = html(
      '[click](javascript:alert(1)) [data](data:text/html,hi) [ok](https://example.com) [home](/dashboard) [api](/api/docs) [guide](security.md#lockout)',
    );
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('data:text');
    expect(out).toContain('<span>click</span>');
    expect(out).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
    expect(out).toMatch(/<a href="\/dashboard"[^>]*>home<\/a>/);
    expect(out).toContain('<a href="/api/docs">api</a>');
    expect(out).toMatch(/<a href="\/docs\/security#lockout"[^>]*>guide<\/a>/);
  });

  it('decodes entities as text', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &#39;d&#39; &#x2014; &bogus;')).toBe("a & b <c> 'd' — &bogus;");
    expect(html('Fish &amp; chips')).toContain('<p>Fish &amp; chips</p>');
  });

  it('makes unique heading ids', () => {
    expect(headingIds(lex('# Hello World\n\n## Notes\n\n## Notes\n\n### Ça va?'))).toEqual([
      { id: 'hello-world', text: 'Hello World', depth: 1 },
      { id: 'notes', text: 'Notes', depth: 2 },
      { id: 'notes-2', text: 'Notes', depth: 2 },
      { id: 'ca-va', text: 'Ça va?', depth: 3 },
    ]);
    expect(slugify('!!!')).toBe('section');
  });

  it('classifies link targets', () => {
    expect(linkTarget('/users?q=a')).toEqual({ kind: 'route', to: '/users?q=a' });
    expect(linkTarget('//evil.example/x')).toEqual({ kind: 'none' });
    expect(linkTarget('mailto:help@example.com')).toEqual({ kind: 'page', href: 'mailto:help@example.com' });
    expect(linkTarget(' JavaScript:alert(1)')).toEqual({ kind: 'none' });
    expect(linkTarget('#top')).toEqual({ kind: 'page', href: '#top' });
  });

  it('summarises a document by its first heading and first paragraph', () => {
    expect(docSummary('# The **API**\n\nEverything goes through\nits `HTTP` API.\n\n## More\n\nLater.')).toEqual({
      title: 'The API',
      summary: 'Everything goes through its HTTP API.',
    });
    expect(docSummary('')).toEqual({ title: '', summary: '' });
    expect(docSummary('# Security\n\n- **Passwords** are hashed.\n- Two\n').summary).toBe('Passwords are hashed.');
  });
});

describe('the docs kept in the repository', () => {
  it('orders the guide for reading, others alphabetically after', () => {
    expect(orderSlugs(['api', 'zeta', 'getting-started', 'alpha'], ['getting-started', 'api'])).toEqual(['getting-started', 'api', 'alpha', 'zeta']);
    expect(GUIDE_SLUGS[0]).toBe('getting-started');
  });

  it('has a title and a summary for every guide page, and renders each', async () => {
    const index = await loadGuideIndex();
    expect(index.length).toBeGreaterThanOrEqual(5);
    for (const entry of index) {
      expect(entry.title, entry.slug).not.toBe('');
      expect(entry.summary, entry.slug).not.toBe('');
      const source = (await loadGuide(entry.slug))!;
      expect(html(source), entry.slug).toContain('<h1');
    }
    expect(await loadGuide('no-such-page')).toBeNull();
  });

  it('bundles the support and privacy pages', () => {
    expect(docSummary(pageSource('support')).title).toBe('Support');
    expect(docSummary(pageSource('privacy-policy')).title).toBe('Privacy policy');
  });

  it("knows each guide page's title before its markdown loads: its first heading", async () => {
    for (const slug of GUIDE_SLUGS) expect(guideTitle(slug), slug).toBe(docSummary((await loadGuide(slug))!).title);
    expect(guideTitle('no-such-page')).toBeNull();
  });
});

describe('markdown from outside the portal (an AI reply)', () => {
  it('keeps links into the portal and turns every other link and image into text', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <Markdown
          portalLinksOnly
          anchors={false}
          source={
            '### 1. Queue\n\n- [Open the queue](/applications?review=1)\n- [prize](https://evil.example/x) and ![pixel](https://evil.example/p.png)\n- [js](javascript:alert(1))'
          }
        />
      </MemoryRouter>,
    );
    expect(html).toContain('href="/applications?review=1"');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('prize');
    expect(html).not.toContain(' id="');
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from '../testing/react-root.ts';
import { CodeBlock, headerEntries, HeaderList } from './code-view.tsx';

const dom = reactRootPerTest();

describe('headerEntries', () => {
  it('sorts headers by name, and has none for none', () => {
    expect(headerEntries({ 'x-b': '2', Accept: 'application/json', 'content-type': 'text/plain' })).toEqual([
      ['Accept', 'application/json'],
      ['content-type', 'text/plain'],
      ['x-b', '2'],
    ]);
    expect(headerEntries(undefined)).toEqual([]);
    expect(headerEntries(null)).toEqual([]);
  });
});

describe('HeaderList', () => {
  it('folds the headers under their count, each name beside its value', () => {
    dom.render(<HeaderList label="Request headers" headers={{ 'webhook-id': 'msg_1', 'content-type': 'application/json' }} />);
    expect(dom.host.querySelector('summary')!.textContent).toBe('Request headers (2)');
    expect([...dom.host.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['content-type:', 'webhook-id:']);
    expect([...dom.host.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['application/json', 'msg_1']);
  });

  it('shows nothing when there are no headers', () => {
    dom.render(<HeaderList label="Response headers" headers={null} />);
    expect(dom.host.innerHTML).toBe('');
  });
});

describe('CodeBlock', () => {
  it('is a named, focusable block of the text', () => {
    dom.render(<CodeBlock label="Request body" text={'{\n  "a": 1\n}'} />);
    const pre = dom.host.querySelector('pre')!;
    expect(pre.getAttribute('aria-label')).toBe('Request body');
    expect(pre.tabIndex).toBe(0);
    expect(pre.textContent).toBe('{\n  "a": 1\n}');
  });
});

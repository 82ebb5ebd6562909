import { describe, expect, it } from 'vitest';
import { lowPriorityScriptTags } from './low-priority-scripts.ts';

describe("the app page's scripts at low fetch priority", () => {
  it('marks the entry script and every module preload once, and nothing else', () => {
    const html =
      '<link rel="stylesheet" crossorigin href="/assets/a.css"><script src="/boot.js"></script>' +
      '<script type="module" crossorigin src="/assets/main.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="modulepreload" fetchpriority="high" href="/assets/x.js">';
    expect(lowPriorityScriptTags(html)).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/a.css"><script src="/boot.js"></script>' +
        '<script type="module" fetchpriority="low" crossorigin src="/assets/main.js"></script><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js">' +
        '<link rel="modulepreload" fetchpriority="high" href="/assets/x.js">',
    );
    expect(lowPriorityScriptTags(lowPriorityScriptTags(html))).toBe(lowPriorityScriptTags(html));
  });
});

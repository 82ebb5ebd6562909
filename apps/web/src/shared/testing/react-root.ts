import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * For component tests under happy-dom: a React root on a fresh element of the document before each test, unmounted
 * and removed after it. `render` renders inside `act`; `host` is the element of the running test.
 */
export function reactRootPerTest(): { render: (node: ReactNode) => void; readonly host: HTMLDivElement } {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
  return {
    render: (node) => act(() => root.render(node)),
    get host() {
      return host;
    },
  };
}

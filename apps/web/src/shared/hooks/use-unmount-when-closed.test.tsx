// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '../testing/react-root.ts';
import { CLOSE_GRACE_MS, useUnmountWhenClosed } from './use-unmount-when-closed.ts';

const dom = reactRootPerTest();
let setState: (next: { seq: number; open: boolean } | null) => void;

function Host() {
  const [dialog, set] = useState<{ seq: number; open: boolean } | null>(null);
  setState = set;
  useUnmountWhenClosed(dialog, set);
  return <p>{dialog ? `seq ${dialog.seq} ${dialog.open ? 'open' : 'closing'}` : 'none'}</p>;
}

describe('useUnmountWhenClosed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes a closed dialog out once its exit animation has had its time, and leaves an open one alone', () => {
    dom.render(<Host />);
    act(() => setState({ seq: 1, open: true }));
    act(() => vi.advanceTimersByTime(CLOSE_GRACE_MS * 3));
    expect(dom.host.textContent).toBe('seq 1 open');
    act(() => setState({ seq: 1, open: false }));
    act(() => vi.advanceTimersByTime(CLOSE_GRACE_MS - 1));
    expect(dom.host.textContent).toBe('seq 1 closing');
    act(() => vi.advanceTimersByTime(1));
    expect(dom.host.textContent).toBe('none');
  });

  it('keeps a dialog opened again while the previous one was closing', () => {
    dom.render(<Host />);
    act(() => setState({ seq: 1, open: false }));
    act(() => vi.advanceTimersByTime(CLOSE_GRACE_MS / 2));
    act(() => setState({ seq: 2, open: true }));
    act(() => vi.advanceTimersByTime(CLOSE_GRACE_MS * 2));
    expect(dom.host.textContent).toBe('seq 2 open');
  });
});

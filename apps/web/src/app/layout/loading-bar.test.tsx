// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '../../shared/testing/react-root.ts';
import { LoadingBar } from './loading-bar.tsx';

const dom = reactRootPerTest();
const render = (active: boolean) => dom.render(<LoadingBar active={active} />);
const progress = () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? null;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('LoadingBar (spec §2/§9: tick 1 s, +10, cap 100)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at 0, gains 10 each second and stops at 100', () => {
    render(true);
    expect(progress()).toBe('0');
    tick(999);
    expect(progress()).toBe('0');
    tick(1);
    expect(progress()).toBe('10');
    tick(8_000);
    expect(progress()).toBe('90');
    tick(1_000);
    expect(progress()).toBe('100');
    tick(5_000);
    expect(progress()).toBe('100');
  });

  it('is gone once the screen has loaded, and starts from 0 again on the next load', () => {
    render(true);
    tick(3_000);
    expect(progress()).toBe('30');
    render(false);
    expect(progress()).toBeNull();
    render(true);
    expect(progress()).toBe('0');
  });
});

// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionExpiringModal } from './session-expiring-modal.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

function render(props: Partial<Parameters<typeof SessionExpiringModal>[0]> = {}) {
  const handlers = { onExtend: vi.fn(), onLogout: vi.fn() };
  act(() => {
    root.render(<SessionExpiringModal show remainingMs={4 * 60_000 + 30_000} busy={null} {...handlers} {...props} />);
  });
  return handlers;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

describe('SessionExpiringModal', () => {
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    document.body.innerHTML = '';
  });

  it('shows the title, the m:ss countdown and the remaining share on the warning bar', () => {
    render();
    expect(dialog()?.textContent).toContain('Session Expiring');
    expect(document.querySelector('[role="timer"]')?.textContent).toBe('4:30');
    const bar = document.querySelector('[role="progressbar"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('90');
    expect(bar?.querySelector('.progress-bar')?.classList.contains('bg-warning')).toBe(true);
  });

  it('has no close button and ignores Escape', () => {
    const { onExtend, onLogout } = render();
    expect(document.querySelector('.btn-close')).toBeNull();
    act(() => {
      dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dialog()).not.toBeNull();
    expect(onExtend).not.toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('offers Extend Session and Logout Now, disabled while one runs', () => {
    const { onExtend, onLogout } = render();
    act(() => button('Extend Session')?.click());
    act(() => button('Logout Now')?.click());
    expect(onExtend).toHaveBeenCalledTimes(1);
    expect(onLogout).toHaveBeenCalledTimes(1);
    render({ busy: 'extend' });
    expect(button('Extend Session')?.disabled).toBe(true);
    expect(button('Logout Now')?.disabled).toBe(true);
  });
});

// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '../../../shared/testing/react-root.ts';
import { ActionFilter } from './action-filter.tsx';

const root = reactRootPerTest();

describe('the action filter', () => {
  it('offers the actions in words, grouped, and filters by their codes', () => {
    const onChange = vi.fn();
    root.render(<ActionFilter value="" onChange={onChange} />);
    const select = root.host.querySelector('select')!;
    expect(select.getAttribute('aria-label')).toBe('Filter by action');
    const signedIn = [...select.querySelectorAll('option')].find((o) => o.textContent === 'Signed in')!;
    expect(signedIn.value).toBe('auth.login');
    expect(signedIn.closest('optgroup')?.label).toBe('Sign-in and account');
    expect([...select.querySelectorAll('option')].some((o) => o.textContent === 'user.create')).toBe(false);
  });

  it('keeps a code from the URL that the portal no longer writes', () => {
    root.render(<ActionFilter value="matrix.probe" onChange={() => undefined} />);
    const select = root.host.querySelector('select')!;
    expect(select.value).toBe('matrix.probe');
    expect(select.selectedOptions[0]?.textContent).toBe('matrix.probe');
  });
});

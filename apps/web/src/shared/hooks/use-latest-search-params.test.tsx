// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from '../testing/react-root.ts';
import { useLatestSearchParams, type UpdateSearchParams } from './use-latest-search-params.ts';

const dom = reactRootPerTest();
/** The setter of the page as last drawn: what a click handler of that drawing holds. */
let drawnUpdate: UpdateSearchParams;

function Page() {
  const [params, update] = useLatestSearchParams();
  drawnUpdate = update;
  return <p>{params.toString()}</p>;
}

const setParam = (name: string, value: string) => (latest: URLSearchParams) => {
  latest.set(name, value);
  return latest;
};

function renderPage(initial: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: [initial] });
  dom.render(<RouterProvider router={router} />);
  return router;
}

describe('useLatestSearchParams', () => {
  it('builds each change on the one before, even before that one is drawn', async () => {
    const router = renderPage('/list?size=10');
    const update = drawnUpdate;
    await act(async () => {
      // The search, applied after its pause; then "Next page", handled by the same drawing.
      update(setParam('q', 'smith'));
      update(setParam('page', '2'));
    });
    expect(router.state.location.search).toBe('?size=10&q=smith&page=2');
    expect(dom.host.textContent).toBe('size=10&q=smith&page=2');
  });

  it('starts from a query a navigation brought', async () => {
    const router = renderPage('/list?q=smith');
    await act(async () => {
      drawnUpdate(setParam('page', '2'));
    });
    await act(async () => {
      await router.navigate('/list?q=jones');
    });
    await act(async () => {
      drawnUpdate(setParam('page', '3'));
    });
    expect(router.state.location.search).toBe('?q=jones&page=3');
  });
});

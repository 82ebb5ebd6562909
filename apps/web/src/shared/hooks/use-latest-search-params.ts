import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** A change to the URL's query made from what it holds now. */
export type UpdateSearchParams = (next: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void;

/**
 * React Router's `useSearchParams`, whose setter is given the query as last set rather than as last drawn.
 *
 * React Router draws each navigation in a transition, so the page's handlers keep the previous drawing's query until the
 * new one commits; its own functional setter is given that query too. Two quick changes — a search applied after its
 * pause, then "Next page" clicked before the list is drawn again — then lose the first: the page went to 2 of every
 * user instead of 2 of the search. Here each change starts from the newest query, whether this page set it or a
 * navigation brought it.
 */
export function useLatestSearchParams(): [URLSearchParams, UpdateSearchParams] {
  const [params, setParams] = useSearchParams();
  const drawn = useRef(params);
  const latest = useRef(params);
  if (drawn.current !== params) {
    // A navigation (ours, now drawn, or a link's) brought a new query: it is the newest.
    drawn.current = params;
    latest.current = params;
  }
  const update = useCallback<UpdateSearchParams>(
    (next, options) => {
      const value = next(new URLSearchParams(latest.current));
      latest.current = value;
      setParams(value, options);
    },
    [setParams],
  );
  return [params, update];
}

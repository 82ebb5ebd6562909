import { useRef } from 'react';

/** What a windowed table draws: its rows in view and the spacers for the rest (see use-page-window.ts). */
export interface PageWindow {
  /** On the table's body: where the first row starts on the page. */
  bodyRef: React.RefObject<HTMLTableSectionElement | null>;
  /** The rows in view (plus a few), by index and place; null when the table is not windowed (every row is drawn). */
  items: { index: number; key: string | number | bigint; start: number; end: number }[] | null;
  /** The heights of the spacer rows standing for the rows above and below those. */
  padTop: number;
  padBottom: number;
}

export type PageWindowHook = (ids: readonly string[], rowHeight: number) => PageWindow;

/** A table that is not windowed: every row drawn. (Kept apart from the virtualizer, which only the monitor's list downloads.) */
export const useWholeTable: PageWindowHook = () => ({ bodyRef: useRef<HTMLTableSectionElement | null>(null), items: null, padTop: 0, padBottom: 0 });

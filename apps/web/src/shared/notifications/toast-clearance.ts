/**
 * What toasts keep clear of (issue 32 item 13). Toasts stand top-right below the header (spec §4); an element
 * marked TOAST_CLEAR (a page's toolbar with its main buttons, an open panel's header) has them stand below it where
 * they would cover it, and a side panel marked TOAST_BESIDE has them stand to its left when the window has room.
 * An open dropdown menu is kept clear of too: a menu someone has just opened is never under a toast.
 * Spread on the element: `<div {...TOAST_CLEAR}>`.
 */
export const TOAST_CLEAR = { 'data-toast-clear': '' } as const;
export const TOAST_BESIDE = { 'data-toast-beside': '' } as const;

export const TOAST_CLEAR_SELECTOR = '[data-toast-clear], .dropdown-menu.show';
export const TOAST_BESIDE_SELECTOR = '[data-toast-beside]';

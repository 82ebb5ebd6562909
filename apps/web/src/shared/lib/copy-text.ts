/** What happened when text was to be copied: copied, or the person has to copy it themselves (text selected). */
export type CopyOutcome = 'copied' | 'manual';

interface ClipboardLike {
  writeText(text: string): Promise<void>;
}

function defaultClipboard(): ClipboardLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.clipboard;
}

/**
 * Copies text with the asynchronous clipboard. It is missing outside secure contexts (plain http on another
 * host) and may be refused by the browser: the caller then selects the text so Ctrl+C / ⌘C copies it.
 */
export async function copyText(text: string, clipboard: ClipboardLike | undefined = defaultClipboard()): Promise<CopyOutcome> {
  if (!clipboard?.writeText) return 'manual';
  try {
    await clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'manual';
  }
}

/** Selects an element's text: a field's value, or everything inside a block (a code snippet). */
export function selectContents(element: HTMLElement | null): void {
  if (!element) return;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    element.focus();
    element.select();
    return;
  }
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

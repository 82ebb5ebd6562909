export const SEARCH_PATH = '/search';

/** Spec §2: the header search goes to /search?q=<URL-encoded text>, and only when the text is non-empty after trimming. */
export function searchUrl(text: string): string | null {
  const q = text.trim();
  return q ? `${SEARCH_PATH}?q=${encodeURIComponent(q)}` : null;
}

/** After a refused submit, the first field with an error gets the focus (the browser scrolls it into view). */
export function focusFirstInvalid(container: HTMLElement | null) {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"], .is-invalid')?.focus());
}

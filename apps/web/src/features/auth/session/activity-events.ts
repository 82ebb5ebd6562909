/** Spec §4: the activity that resets the idle timer (mouse down, mouse move, key press, scroll, touch, click). */
export const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const;

export type ActivityTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Listens for activity anywhere in the page. Capture phase, so scrolling inside a panel (scroll does not bubble)
 * and clicks whose handlers stop propagation still count; passive, so listening never slows scrolling down.
 */
export function listenForActivity(target: ActivityTarget, onActivity: () => void): () => void {
  const options: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, options);
  };
}

import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent, type RefObject } from 'react';
import {
  dismissNotification,
  holdNotification,
  releaseNotification,
  runNotificationAction,
  startNotificationLifetime,
  useNotifications,
  type NotificationType,
} from '../../shared/notifications/notifications-store.ts';
import { TOAST_BESIDE_SELECTOR, TOAST_CLEAR_SELECTOR } from '../../shared/notifications/toast-clearance.ts';
import { toastPlacement, type Placement } from './toast-placement.ts';

/** Spec §4 colours: success, danger (for error), warning, info. */
const VARIANT: Record<NotificationType, string> = {
  success: 'success',
  error: 'danger',
  warning: 'warning',
  info: 'info',
};

/** A click anywhere on an actionable toast runs its action, except on its own buttons (Close, or the action button itself). */
function onToastClick(event: MouseEvent<HTMLDivElement>, id: string): void {
  if ((event.target as Element).closest('button')) return;
  runNotificationAction(id);
}

/** Focus leaving a toast for somewhere outside it lets its count go on (moving between its own buttons does not). */
function onToastBlur(event: FocusEvent<HTMLDivElement>, id: string): void {
  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) releaseNotification(id, 'focus');
}

/** Space between the toasts and the window's edge, a panel, or what they stand below (Bootstrap's p-3). */
const GAP = 16;
/** Bootstrap's toast width, until the stack can be measured. */
const TOAST_WIDTH = 350;

const boxes = (selector: string) => [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());

/**
 * Where the stack stands while it shows toasts: measured when a toast appears, and again (once a frame at most) as the
 * page scrolls, resizes or changes — a panel opens, a toolbar wraps — so a toast never covers what it keeps clear of.
 */
function useToastPlacement(active: boolean, stack: RefObject<HTMLDivElement | null>): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(null);
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = toastPlacement({
        viewportWidth: document.documentElement.clientWidth,
        viewportHeight: window.innerHeight,
        headerBottom: document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0,
        toastWidth: stack.current?.offsetWidth || TOAST_WIDTH,
        gap: GAP,
        clear: boxes(TOAST_CLEAR_SELECTOR),
        beside: boxes(TOAST_BESIDE_SELECTOR),
      });
      setPlacement((prev) => (prev && prev.top === next.top && prev.right === next.right ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
      observer.disconnect();
    };
  }, [active, stack]);
  return placement;
}

/**
 * Minimal top-right toast stack, clear of the header, the toolbars and the panels it would cover (useToastPlacement);
 * the full notification centre comes with the shell. A pointer over a toast or focus in it keeps it (notifications-store.ts). A toast with an action ('Click to extend your session.') is
 * clickable as a whole, and its text is a button so the keyboard reaches it too.
 */
export function ToastStack() {
  const items = useNotifications();
  const stack = useRef<HTMLDivElement>(null);
  const placement = useToastPlacement(items.length > 0, stack);
  // A toast's 5 s count from when it is on screen (notifications-store.ts).
  useEffect(() => {
    for (const n of items) startNotificationLifetime(n.id);
  }, [items]);
  return (
    <div ref={stack} className="toast-container app-toasts position-fixed" style={placement ?? undefined}>
      {items.map((n) => {
        const actionable = n.action !== undefined;
        const text = n.message ?? n.title;
        return (
          <div
            key={n.id}
            className={`toast show${actionable ? ' toast-actionable' : ''}`}
            role={n.type === 'error' ? 'alert' : 'status'}
            aria-live={n.type === 'error' ? 'assertive' : 'polite'}
            aria-atomic="true"
            style={{ ['--toast-accent' as string]: `var(--bs-${VARIANT[n.type]})` }}
            onClick={actionable ? (event) => onToastClick(event, n.id) : undefined}
            onMouseEnter={() => holdNotification(n.id, 'pointer')}
            onMouseLeave={() => releaseNotification(n.id, 'pointer')}
            onFocus={() => holdNotification(n.id, 'focus')}
            onBlur={(event) => onToastBlur(event, n.id)}
          >
            <div className="toast-header">
              <span className={`rounded-circle bg-${VARIANT[n.type]} me-2`} style={{ width: 10, height: 10 }} aria-hidden="true" />
              <strong className="me-auto">{n.title}</strong>
              <button type="button" className="btn-close" aria-label="Close" onClick={() => dismissNotification(n.id)} />
            </div>
            {actionable ? (
              <button type="button" className="toast-body toast-action" onClick={() => runNotificationAction(n.id)}>
                {text}
              </button>
            ) : (
              n.message && <div className="toast-body">{n.message}</div>
            )}
          </div>
        );
      })}
    </div>
  );
}

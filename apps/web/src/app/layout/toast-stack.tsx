import type { MouseEvent } from 'react';
import {
  dismissNotification,
  runNotificationAction,
  useNotifications,
  type NotificationType,
} from '../../shared/notifications/notifications-store.ts';

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

/**
 * Minimal top-right toast stack; the full notification centre comes with the shell. A toast with an action
 * ('Click to extend your session.') is clickable as a whole, and its text is a button so the keyboard reaches it too.
 */
export function ToastStack() {
  const items = useNotifications();
  return (
    <div className="toast-container app-toasts position-fixed end-0 p-3">
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

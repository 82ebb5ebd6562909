import {
  dismissNotification,
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

/** Minimal top-right toast stack; the full notification centre comes with the shell. */
export function ToastStack() {
  const items = useNotifications();
  return (
    <div className="toast-container app-toasts position-fixed end-0 p-3">
      {items.map((n) => (
        <div
          key={n.id}
          className="toast show"
          role={n.type === 'error' ? 'alert' : 'status'}
          aria-live={n.type === 'error' ? 'assertive' : 'polite'}
          aria-atomic="true"
          style={{ ['--toast-accent' as string]: `var(--bs-${VARIANT[n.type]})` }}
        >
          <div className="toast-header">
            <span className={`rounded-circle bg-${VARIANT[n.type]} me-2`} style={{ width: 10, height: 10 }} aria-hidden="true" />
            <strong className="me-auto">{n.title}</strong>
            <button type="button" className="btn-close" aria-label="Close" onClick={() => dismissNotification(n.id)} />
          </div>
          {n.message && <div className="toast-body">{n.message}</div>}
        </div>
      ))}
    </div>
  );
}

import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Placeholder from 'react-bootstrap/Placeholder';
import { roleLabel } from '@admin-portal/contract/role-names';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useMarkNotificationRead, useStaffNotifications } from '../api/applications-api.ts';

/** Internal notifications that workflows' notification steps addressed to the user or to their role, newest first. */
export function NotificationsPanel({ dateFormat, onOpen }: { dateFormat: DateFormats; onOpen: (applicationId: string) => void }) {
  const notes = useStaffNotifications();
  const mark = useMarkNotificationRead();
  const markRead = (id: string | null) =>
    mark.mutate(id, { onError: (err) => notify({ type: 'error', title: TOAST_TITLES.couldNotMarkAsRead, message: err.message }) });

  if (notes.isError) {
    return (
      <Card.Body>
        <RetryAlert className="mb-0" onRetry={() => void notes.refetch()}>
          Notifications could not be loaded: {notes.error.message}
        </RetryAlert>
      </Card.Body>
    );
  }
  if (notes.isPending) {
    return (
      <Card.Body aria-hidden="true">
        <Placeholder animation="glow">
          <Placeholder xs={6} /> <Placeholder xs={8} /> <Placeholder xs={5} />
        </Placeholder>
      </Card.Body>
    );
  }
  const items = notes.data.items;
  return (
    <>
      <Card.Body className="d-flex align-items-center gap-3 py-2 border-bottom">
        <span className="small text-body-secondary">{notes.data.unread === 0 ? 'All read' : `${notes.data.unread} unread`}</span>
        {notes.data.unread > 0 && (
          <Button variant="link" size="sm" className="ms-auto" onClick={() => markRead(null)} disabled={mark.isPending}>
            Mark all as read
          </Button>
        )}
      </Card.Body>
      {items.length === 0 ? (
        <Card.Body className="text-center py-5 text-body-secondary">
          <span className="d-block fw-semibold text-body mb-1">No notifications</span>
          When a workflow’s notification step (internal channel) names you or your role, its message appears here.
        </Card.Body>
      ) : (
        <ListGroup variant="flush" as="ul" aria-label="Notifications">
          {items.map((n) => (
            <ListGroup.Item as="li" key={n.id} className={`d-flex gap-3 align-items-start${n.read ? '' : ' notification-unread'}`}>
              <div className="flex-grow-1 min-w-0">
                <div className={n.read ? '' : 'fw-semibold'}>
                  {!n.read && <span className="visually-hidden">Unread: </span>}
                  {n.title}
                </div>
                <div className="small text-body-secondary text-break">{n.body}</div>
                <div className="small text-body-secondary mt-1">
                  <time dateTime={n.created_at}>{dateFormat.full.format(new Date(n.created_at))}</time>
                  {n.recipient_role && <> · to {roleLabel(n.recipient_role)}</>}
                </div>
              </div>
              <div className="d-flex flex-column align-items-end gap-1">
                {n.application_id && (
                  <Button
                    variant="outline-primary"
                    size="sm"
                    className="text-nowrap"
                    onClick={() => {
                      if (!n.read) markRead(n.id);
                      onOpen(n.application_id!);
                    }}
                  >
                    Open case{n.applicant_name ? <span className="visually-hidden"> of {n.applicant_name}</span> : null}
                  </Button>
                )}
                {!n.read && (
                  <Button variant="link" size="sm" className="text-nowrap p-0" onClick={() => markRead(n.id)} disabled={mark.isPending}>
                    Mark as read
                  </Button>
                )}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </>
  );
}

import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import type { Webhook } from '@admin-portal/contract/webhooks';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useSendWebhookTest } from '../api/webhooks-api.ts';
import { openDeliveries, type DeliveriesView } from '../lib/deliveries-view.ts';
import { sendBlockedReason, shortUrl, WEBHOOK_STATE_CLASSES, webhookState, webhookStateLabel, type WebhookDates } from '../lib/webhook-display.ts';
import { DeliveryDetail } from './delivery-detail.tsx';
import { DeliveryList } from './delivery-list.tsx';

interface Props {
  view: DeliveriesView;
  /** The subscription whose deliveries are open (undefined while the list loads, or when it no longer exists). */
  webhook: Webhook | undefined;
  listLoaded: boolean;
  dates: WebhookDates;
  onView: (view: DeliveriesView) => void;
  onTurnOn: (webhook: Webhook) => void;
  onClose: () => void;
}

const TITLE_ID = 'webhook-deliveries-title';

/**
 * One subscription's deliveries in a panel over the list (its id, filter, page and open delivery are in the URL):
 * newest first, filterable by status, each opening its body and attempts, from where it is sent again. A test event
 * can be sent from here, and a subscription that is off turned on.
 */
export function DeliveriesPanel({ view, webhook, listLoaded, dates, onView, onTurnOn, onClose }: Props) {
  // While the panel slides out (no subscription in the URL any more), keep showing the one it showed.
  const last = useRef<{ webhook: Webhook | undefined; view: DeliveriesView }>({ webhook, view });
  if (view.webhook) last.current = { webhook, view };
  const shown = view.webhook ? { webhook, view } : last.current;
  const sendTest = useSendWebhookTest();
  const blocked = shown.webhook ? sendBlockedReason(shown.webhook) : null;

  async function testEvent(w: Webhook) {
    try {
      await sendTest.mutateAsync(w.id);
      notify({ type: 'success', title: TOAST_TITLES.testEventSent, message: `A test event is on its way to ${shortUrl(w.url)}.` });
      onView(openDeliveries(w.id));
    } catch (err) {
      notify({ type: 'error', title: TOAST_TITLES.testEventNotSent, message: err instanceof Error ? err.message : String(err) });
    }
  }

  const w = shown.webhook;
  return (
    <Offcanvas show={view.webhook !== null} onHide={onClose} placement="end" className="webhook-deliveries" aria-labelledby={TITLE_ID}>
      <Offcanvas.Header closeButton closeLabel="Close deliveries" className="border-bottom align-items-start">
        <div className="min-w-0">
          <Offcanvas.Title id={TITLE_ID} as="h2" className="h5 mb-1">
            Deliveries
          </Offcanvas.Title>
          {w && (
            <>
              <div className="font-monospace small text-break">{w.url}</div>
              <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
                <span className={WEBHOOK_STATE_CLASSES[webhookState(w)]}>{webhookStateLabel(w, dates.dateTime)}</span>
                <span className="small text-body-secondary">
                  Secret <code>{w.secret_hint}</code>
                </span>
                {w.enabled ? (
                  <Button variant="outline-primary" size="sm" onClick={() => void testEvent(w)} disabled={sendTest.isPending}>
                    {sendTest.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                    Send test event
                  </Button>
                ) : (
                  <Button variant="outline-primary" size="sm" onClick={() => onTurnOn(w)}>
                    Turn on
                  </Button>
                )}
              </div>
              {blocked && <p className="small text-body-secondary mt-2 mb-0">{blocked}.</p>}
            </>
          )}
        </div>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {!w ? (
          listLoaded ? (
            <Alert variant="warning">This webhook no longer exists.</Alert>
          ) : (
            <span className="spinner-border spinner-border-sm" role="status" aria-label="Loading" />
          )
        ) : shown.view.delivery ? (
          <DeliveryDetail webhook={w} deliveryId={shown.view.delivery} dates={dates} onBack={() => onView({ ...shown.view, delivery: null })} />
        ) : (
          <DeliveryList webhook={w} view={shown.view} dates={dates} onView={onView} />
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}

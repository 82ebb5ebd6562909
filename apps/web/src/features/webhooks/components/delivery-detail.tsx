import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import type { Webhook, WebhookAttempt, WebhookDeliveryDetail } from '@admin-portal/contract/webhooks';
import { ApiError } from '../../../shared/api/api-result.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { CodeBlock, HeaderList } from '../../../shared/ui/code-view.tsx';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { useResendDelivery, useWebhookDelivery } from '../api/webhooks-api.ts';
import {
  attemptOutcome,
  deliveryBadge,
  eventLabel,
  formatDuration,
  isWaiting,
  prettyBody,
  sendBlockedReason,
  TRIGGER_LABELS,
  type WebhookDates,
} from '../lib/webhook-display.ts';

interface Props {
  webhook: Webhook;
  deliveryId: string;
  dates: WebhookDates;
  onBack: () => void;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h4 id={id} className="h6 fw-semibold mb-2">
        {title}
      </h4>
      {children}
    </section>
  );
}

function Attempt({ attempt, dates, number }: { attempt: WebhookAttempt; dates: WebhookDates; number: number }) {
  const outcome = attemptOutcome(attempt);
  const headingId = `webhook-attempt-${attempt.id}`;
  return (
    <li className="webhook-attempt border rounded p-3 mb-2" aria-labelledby={headingId} data-testid="webhook-attempt">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h5 id={headingId} className="h6 mb-0">
          Attempt {number}
        </h5>
        <span
          className={
            attempt.trigger === 'resend'
              ? 'badge rounded-pill border bg-info-subtle text-info-emphasis border-info-subtle'
              : 'badge rounded-pill border bg-body-secondary text-body'
          }
        >
          {TRIGGER_LABELS[attempt.trigger]}
        </span>
        <span
          className={`badge rounded-pill border ${outcome.ok ? 'bg-success-subtle text-success-emphasis border-success-subtle' : 'bg-danger-subtle text-danger-emphasis border-danger-subtle'} text-wrap text-start`}
        >
          {outcome.text}
        </span>
        <span className="small text-body-secondary tabular-nums">{formatDuration(attempt.duration_ms)}</span>
        <time dateTime={attempt.attempted_at} title={dates.full.format(new Date(attempt.attempted_at))} className="small text-body-secondary ms-auto">
          {dates.precise.format(new Date(attempt.attempted_at))}
        </time>
      </div>
      <HeaderList label="Request headers" headers={attempt.request_headers} />
      <HeaderList label="Response headers" headers={attempt.response_headers} />
      {attempt.response_status !== null &&
        (attempt.response_body ? (
          <>
            <p className="small text-body-secondary mb-1">Response body</p>
            <CodeBlock label={`Response body of attempt ${number}`} text={prettyBody(attempt.response_body)} />
          </>
        ) : (
          <p className="small text-body-secondary mb-0">Empty response body.</p>
        ))}
    </li>
  );
}

function Details({ webhook, delivery, dates }: { webhook: Webhook; delivery: WebhookDeliveryDetail; dates: WebhookDates }) {
  const resend = useResendDelivery();
  const blocked = sendBlockedReason(webhook);
  const badge = deliveryBadge(delivery);
  const attempts = delivery.attempts_made;

  async function onResend() {
    try {
      await resend.mutateAsync({ webhookId: webhook.id, deliveryId: delivery.id });
      notify({
        type: 'success',
        title: TOAST_TITLES.deliveryResent,
        message: `${eventLabel(delivery.event_type)} is on its way again, with the same webhook-id.`,
      });
    } catch (err) {
      notify({
        type: 'error',
        title: TOAST_TITLES.notChanged,
        message: err instanceof ApiError && err.status === 409 ? `${err.message}.` : err instanceof Error ? err.message : String(err),
      });
    }
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h3 className="h6 fw-semibold mb-0">{eventLabel(delivery.event_type)}</h3>
        <span className={badge.className} data-testid="webhook-delivery-status">
          {badge.label}
        </span>
        <div className="ms-auto text-end">
          <Button
            variant="primary"
            size="sm"
            onClick={() => void onResend()}
            disabled={!!blocked || resend.isPending}
            aria-describedby={blocked ? 'webhook-resend-blocked' : 'webhook-resend-help'}
          >
            {resend.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Resend
          </Button>
        </div>
      </div>
      {blocked ? (
        <p id="webhook-resend-blocked" className="small text-warning-emphasis">
          {blocked}.
        </p>
      ) : (
        <p id="webhook-resend-help" className="small text-body-secondary">
          Resend sends this event again now, with the same <code>webhook-id</code> (a receiver that has it already can tell) and a new timestamp and signature.
        </p>
      )}

      <dl className="row small mb-4 webhook-facts">
        <dt className="col-4">Event type</dt>
        <dd className="col-8">
          <code className="text-body">{delivery.event_type}</code>
        </dd>
        <dt className="col-4">webhook-id</dt>
        <dd className="col-8 d-flex flex-wrap align-items-center gap-2">
          <code className="text-body text-break">{delivery.message_id}</code>
          <CopyButton text={delivery.message_id} what="webhook-id" />
        </dd>
        <dt className="col-4">Created</dt>
        <dd className="col-8">
          <time dateTime={delivery.created_at} title={dates.full.format(new Date(delivery.created_at))}>
            {dates.precise.format(new Date(delivery.created_at))}
          </time>
        </dd>
        <dt className="col-4">Attempts</dt>
        <dd className="col-8 tabular-nums">{delivery.attempts}</dd>
        {delivery.next_attempt_at && isWaiting(delivery.status) && (
          <>
            <dt className="col-4">Next attempt</dt>
            <dd className="col-8">
              {delivery.status === 'sending' ? (
                'Sending now'
              ) : (
                <time dateTime={delivery.next_attempt_at} title={dates.full.format(new Date(delivery.next_attempt_at))}>
                  {dates.precise.format(new Date(delivery.next_attempt_at))}
                </time>
              )}
            </dd>
          </>
        )}
      </dl>

      <Section id="webhook-delivery-body" title="Request body">
        <CodeBlock label="Request body" text={prettyBody(delivery.request_body)} />
      </Section>

      <Section id="webhook-delivery-attempts" title={`Attempts (${attempts.length})`}>
        {attempts.length === 0 ? (
          <p className="small text-body-secondary mb-0">
            {delivery.status === 'failed' ? 'No attempt was recorded.' : 'Not tried yet: the first attempt is on its way.'}
          </p>
        ) : (
          <ol className="list-unstyled mb-0" aria-label="Attempts, newest first">
            {attempts.map((a, i) => (
              <Attempt key={a.id} attempt={a} dates={dates} number={attempts.length - i} />
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}

/** One delivery: the body it sends, each attempt (newest first) with what was sent and answered, and Resend. */
export function DeliveryDetail({ webhook, deliveryId, dates, onBack }: Props) {
  const delivery = useWebhookDelivery(webhook.id, deliveryId);
  return (
    <section aria-label="Delivery">
      <Button variant="link" className="p-0 mb-3 text-decoration-none" onClick={onBack}>
        <span aria-hidden="true">← </span>All deliveries
      </Button>
      {delivery.data ? (
        <Details webhook={webhook} delivery={delivery.data} dates={dates} />
      ) : delivery.isError ? (
        <Alert
          variant={delivery.error instanceof ApiError && delivery.error.status === 404 ? 'warning' : 'danger'}
          className="d-flex align-items-center justify-content-between gap-3"
        >
          <span>This delivery could not be loaded: {delivery.error.message}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void delivery.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Placeholder as="div" animation="glow" aria-hidden="true">
          <Placeholder xs={4} /> <Placeholder xs={7} /> <Placeholder xs={10} /> <Placeholder xs={6} />
        </Placeholder>
      )}
    </section>
  );
}

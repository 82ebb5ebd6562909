import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS } from '@admin-portal/contract/webhook-texts';
import type { Webhook } from '@admin-portal/contract/webhooks';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import { useOpenedOnce } from '../../../shared/hooks/use-opened-once.ts';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { usePreferences } from '../../../shared/preferences/preferences.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useSendWebhookTest, useUpdateWebhook, useWebhooks } from '../api/webhooks-api.ts';
import { CLOSED_VIEW, deliveriesViewToParams, openDeliveries, parseDeliveriesView, type DeliveriesView } from '../lib/deliveries-view.ts';
import {
  deliveryBadge,
  eventLabel,
  orderedEventTypes,
  shortUrl,
  subscriptionCount,
  subscriptionsLeft,
  WEBHOOK_STATE_CLASSES,
  webhookDates,
  webhookState,
  webhookStateLabel,
  type WebhookDates,
} from '../lib/webhook-display.ts';
import { WebhookRowActions, type WebhookAction } from './webhook-row-actions.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './webhooks.css';

// The dialogs (the form's schema, zod and react-bootstrap's Modal with them) download when one is first opened; the
// deliveries panel (react-bootstrap's Offcanvas) when it first opens.
const WebhookFormDialog = lazy(async () => ({ default: (await import('./webhook-form-dialog.tsx')).WebhookFormDialog }));
const RotateSecretDialog = lazy(async () => ({ default: (await import('./rotate-secret-dialog.tsx')).RotateSecretDialog }));
const DeleteWebhookDialog = lazy(async () => ({ default: (await import('./delete-webhook-dialog.tsx')).DeleteWebhookDialog }));
const DeliveriesPanel = lazy(async () => ({ default: (await import('./deliveries-panel.tsx')).DeliveriesPanel }));

/** The open dialog; `seq` mounts each opening afresh, `open: false` lets it animate out before the next one replaces it. */
type Dialog = { kind: 'create' | 'edit' | 'rotate' | 'delete'; webhook: Webhook | null; seq: number; open: boolean };

interface Props {
  /** The organization whose subscriptions these are; null: a super administrator's view of every organization's. */
  organizationName: string | null;
}

function Events({ types }: { types: readonly string[] }) {
  const ordered = orderedEventTypes(types);
  return (
    <ul className="list-unstyled small mb-0 webhook-events">
      {ordered.map((t) => (
        <li key={t}>{eventLabel(t)}</li>
      ))}
    </ul>
  );
}

function LastDelivery({ webhook, dates }: { webhook: Webhook; dates: WebhookDates }) {
  const last = webhook.last_delivery;
  if (!last) return <span className="small text-body-secondary">None yet</span>;
  const badge = deliveryBadge({ status: last.status, attempts: 0 });
  return (
    <div className="small">
      <span className={badge.className}>{badge.label}</span>
      <time dateTime={last.at} title={dates.full.format(new Date(last.at))} className="d-block text-body-secondary text-nowrap mt-1">
        {dates.dateTime.format(new Date(last.at))}
      </time>
    </div>
  );
}

/**
 * System Settings → Webhooks (administrators): the organization's webhook subscriptions — where each sends, which
 * events, whether it is on or failing, its last delivery — with adding, editing, turning off and on, a test event,
 * rotating the signing secret and deleting; and, in a panel over the list, a subscription's deliveries and attempts.
 */
export function WebhooksPage({ organizationName }: Props) {
  const preferences = usePreferences().data;
  const dates = useMemo(() => webhookDates(preferences), [preferences]);
  const { data, isPending, isError, error, isFetching, refetch } = useWebhooks();
  const update = useUpdateWebhook();
  const sendTest = useSendWebhookTest();
  const [params, setParams] = useLatestSearchParams();
  const view = parseDeliveriesView(params);
  // Opening a subscription's deliveries is a step the back button undoes; paging, filtering and closing are not.
  const setView = (next: DeliveriesView) => setParams(() => deliveriesViewToParams(next), { replace: next.webhook === null || next.webhook === view.webhook });
  const panelOpened = useOpenedOnce(view.webhook !== null);

  const [dialog, setDialog] = useState<Dialog | null>(null);
  useUnmountWhenClosed(dialog, setDialog);
  const openDialog = (kind: Dialog['kind'], webhook: Webhook | null = null) => setDialog((d) => ({ kind, webhook, seq: (d?.seq ?? 0) + 1, open: true }));
  const closeDialog = () => setDialog((d) => d && { ...d, open: false });

  const allOrganizations = organizationName === null;
  const items = data?.items ?? [];
  const atLimit = !allOrganizations && data !== undefined && subscriptionsLeft(items.length) === 0;
  const addBlocked = allOrganizations ? 'webhooks-all-organizations' : atLimit ? 'webhooks-limit' : undefined;
  const busyId = update.isPending ? update.variables?.id : sendTest.isPending ? sendTest.variables : undefined;

  async function setEnabled(webhook: Webhook, enabled: boolean) {
    try {
      await update.mutateAsync({ id: webhook.id, body: { enabled } });
      notify({
        type: 'success',
        title: enabled ? TOAST_TITLES.webhookTurnedOn : TOAST_TITLES.webhookTurnedOff,
        message: enabled
          ? `${shortUrl(webhook.url)} gets events again; what waited meanwhile is sent now.`
          : `Nothing is sent to ${shortUrl(webhook.url)} until it is turned on; its deliveries wait.`,
      });
    } catch (err) {
      notify({ type: 'error', title: TOAST_TITLES.notChanged, message: err instanceof Error ? err.message : String(err) });
    }
  }

  async function testEvent(webhook: Webhook) {
    try {
      await sendTest.mutateAsync(webhook.id);
      notify({ type: 'success', title: TOAST_TITLES.testEventSent, message: `A test event is on its way to ${shortUrl(webhook.url)}.` });
      setView(openDeliveries(webhook.id));
    } catch (err) {
      notify({ type: 'error', title: TOAST_TITLES.testEventNotSent, message: err instanceof Error ? err.message : String(err) });
    }
  }

  const onAction = (action: WebhookAction, webhook: Webhook) => {
    if (action === 'deliveries') setView(openDeliveries(webhook.id));
    else if (action === 'edit' || action === 'rotate' || action === 'delete') openDialog(action, webhook);
    else if (action === 'test') void testEvent(webhook);
    else void setEnabled(webhook, action === 'turn-on');
  };

  const columns = useMemo<DataColumn<Webhook>[]>(
    () => [
      {
        id: 'endpoint',
        header: 'Endpoint',
        grow: true,
        cell: (w) => (
          <>
            <div className="font-monospace small text-break webhook-url">{w.url}</div>
            {w.description && <div className="small text-body-secondary text-break">{w.description}</div>}
          </>
        ),
      },
      {
        id: 'events',
        header: 'Events',
        priority: 3,
        className: 'webhook-events-cell',
        cell: (w) => (w.event_types.length === WEBHOOK_EVENT_TYPES.length ? <span className="small">All events</span> : <Events types={w.event_types} />),
      },
      {
        id: 'status',
        header: 'Status',
        cell: (w) => {
          const state = webhookState(w);
          return (
            <>
              <span className={WEBHOOK_STATE_CLASSES[state]} title={state === 'failing' ? dates.full.format(new Date(w.failing_since!)) : undefined}>
                {webhookStateLabel(w, dates.dateTime)}
              </span>
              {state === 'turned-off' && <div className="small text-body-secondary mt-1 webhook-status-note">Fix the endpoint, then turn it on again.</div>}
              {state === 'failing' && <div className="small text-body-secondary mt-1 webhook-status-note">Retrying; turned off after a day of failures.</div>}
            </>
          );
        },
      },
      { id: 'last', header: 'Last delivery', priority: 2, cell: (w) => <LastDelivery webhook={w} dates={dates} /> },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        align: 'end',
        actions: true,
        cell: (w) => <WebhookRowActions webhook={w} busy={busyId === w.id} onAction={onAction} />,
      },
    ],
    // onAction reads the open panel (whether opening one is a new history entry).
    [dates, busyId, view.webhook],
  );

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/settings/webhooks'].heading}</h1>
          <p className="text-body-secondary mb-0">
            {allOrganizations
              ? 'Every organization’s webhook subscriptions.'
              : `Send ${organizationName}’s events to your other systems: signed HTTPS requests, retried for a day.`}
          </p>
        </div>
        <Button variant="primary" onClick={() => openDialog('create')} disabled={addBlocked !== undefined} aria-describedby={addBlocked}>
          <span aria-hidden="true" className="me-1">
            +
          </span>
          Add a webhook
        </Button>
      </header>

      {allOrganizations && (
        <Alert variant="info" id="webhooks-all-organizations">
          You are looking at every organization’s webhooks. To add one, choose its organization in the header.
        </Alert>
      )}
      {atLimit && (
        <Alert variant="warning" id="webhooks-limit">
          This organization has {WEBHOOK_LIMITS.subscriptions} webhooks, the most it can have: delete one to add another.
        </Alert>
      )}

      <Card>
        <Card.Header className="bg-body py-3 d-flex flex-wrap align-items-center justify-content-between gap-2">
          <h2 className="h6 fw-semibold mb-0">Subscriptions</h2>
          <div className="small text-body-secondary" aria-live="polite">
            {data && !allOrganizations && <span data-testid="webhooks-count">{subscriptionCount(items.length)}</span>}
            {data && allOrganizations && <span data-testid="webhooks-count">{items.length === 1 ? '1 webhook' : `${items.length} webhooks`}</span>}
            {isFetching && !isPending && <span className="spinner-border spinner-border-sm ms-2" role="status" aria-label="Updating" />}
          </div>
        </Card.Header>

        {isError ? (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={refetch} retryLabel="Try again">
              Webhooks could not be loaded: {error.message}
            </RetryAlert>
          </Card.Body>
        ) : data && items.length === 0 ? (
          <Card.Body className="webhooks-empty text-center py-5">
            <h3 className="h5">No webhooks yet</h3>
            <p className="text-body-secondary mx-auto mb-4">
              A webhook tells another of your systems — a CRM, a data warehouse, a chat channel — the moment something happens here: an application starts,
              waits or completes, a review is decided, a tool is approved. Each event is an HTTPS request with a JSON body to an address you choose, signed so
              the receiver can check it came from this portal.
            </p>
            <div className="d-flex flex-wrap justify-content-center align-items-center gap-3">
              <Button variant="primary" onClick={() => openDialog('create')} disabled={allOrganizations}>
                Add a webhook
              </Button>
              <Link to="/docs/webhooks">How webhooks work</Link>
            </div>
          </Card.Body>
        ) : (
          <DataTable
            label="Webhooks"
            className="webhooks-table"
            rows={data?.items}
            getRowId={(w) => w.id}
            columns={columns}
            loading={isPending}
            busy={isFetching}
            fold="endpoint"
            rowClassName={(w) => (w.enabled ? undefined : 'webhook-row-off')}
            empty="No webhooks yet."
          />
        )}
      </Card>

      <Suspense fallback={null}>
        {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
          <WebhookFormDialog key={dialog.seq} show={dialog.open} webhook={dialog.webhook} onClose={closeDialog} />
        )}
        {dialog?.kind === 'rotate' && dialog.webhook && (
          <RotateSecretDialog key={dialog.seq} show={dialog.open} webhook={dialog.webhook} onClose={closeDialog} />
        )}
        {dialog?.kind === 'delete' && dialog.webhook && (
          <DeleteWebhookDialog
            key={dialog.seq}
            show={dialog.open}
            webhook={dialog.webhook}
            onClose={closeDialog}
            onDeleted={(id) => view.webhook === id && setView(CLOSED_VIEW)}
          />
        )}
      </Suspense>

      {panelOpened && (
        <Suspense fallback={null}>
          <DeliveriesPanel
            view={view}
            webhook={items.find((w) => w.id === view.webhook)}
            listLoaded={data !== undefined}
            dates={dates}
            onView={setView}
            onTurnOn={(w) => void setEnabled(w, true)}
            onClose={() => setView(CLOSED_VIEW)}
          />
        </Suspense>
      )}
    </>
  );
}

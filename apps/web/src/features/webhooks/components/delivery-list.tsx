import { useEffect, useMemo } from 'react';
import type { Webhook, WebhookDelivery } from '@admin-portal/contract/webhooks';
import { pageCount, rowRange } from '../../../shared/lib/pagination.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { NoMatches } from '../../../shared/ui/data-table/no-matches.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';
import { PageLinks } from '../../../shared/ui/page-links.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useWebhookDeliveries } from '../api/webhooks-api.ts';
import { DELIVERIES_PAGE_SIZE, deliveriesQuery, type DeliveriesView } from '../lib/deliveries-view.ts';
import { DELIVERY_FILTER_LABELS, DELIVERY_FILTERS, deliveryBadge, eventLabel, isWaiting, retrySchedule, type WebhookDates } from '../lib/webhook-display.ts';

interface Props {
  webhook: Webhook;
  view: DeliveriesView;
  dates: WebhookDates;
  onView: (view: DeliveriesView) => void;
}

function When({ iso, dates }: { iso: string; dates: WebhookDates }) {
  return (
    <time dateTime={iso} title={dates.full.format(new Date(iso))} className="text-nowrap">
      {dates.dateTime.format(new Date(iso))}
    </time>
  );
}

/** A subscription's deliveries, newest first, a page at a time, filterable by status; a row opens its attempts. */
export function DeliveryList({ webhook, view, dates, onView }: Props) {
  const { data, isPending, isError, error, isFetching, refetch } = useWebhookDeliveries(webhook.id, deliveriesQuery(view));
  const total = data?.total ?? 0;
  const pages = pageCount(total, DELIVERIES_PAGE_SIZE);
  const filtered = view.status !== '';

  // A page past the end (an edited URL, fewer deliveries after a filter): show the last one.
  useEffect(() => {
    if (data && view.page > pages) onView({ ...view, page: pages });
  }, [data, view.page, pages]);

  const open = (d: WebhookDelivery) => onView({ ...view, delivery: d.id });
  const columns = useMemo<DataColumn<WebhookDelivery>[]>(
    () => [
      {
        id: 'event',
        header: 'Event',
        grow: true,
        cell: (d) => (
          <>
            <button
              type="button"
              className="btn btn-link p-0 text-decoration-none text-start fw-semibold"
              aria-label={`${eventLabel(d.event_type)}: attempts of the delivery made ${dates.dateTime.format(new Date(d.created_at))}`}
              onClick={() => open(d)}
            >
              {eventLabel(d.event_type)}
            </button>
            <div className="small text-body-secondary font-monospace">{d.event_type}</div>
          </>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: (d) => {
          const badge = deliveryBadge(d);
          return (
            <>
              <span className={badge.className}>{badge.label}</span>
              {d.last_error && d.status !== 'succeeded' && (
                <div className="small text-danger-emphasis text-break mt-1 webhook-delivery-error" title={d.last_error}>
                  {d.last_error}
                </div>
              )}
            </>
          );
        },
      },
      { id: 'attempts', header: 'Attempts', align: 'end', className: 'tabular-nums', cell: (d) => d.attempts },
      { id: 'created', header: 'Created', className: 'small', cell: (d) => <When iso={d.created_at} dates={dates} /> },
      {
        id: 'next',
        header: 'Next attempt',
        className: 'small',
        cell: (d) =>
          d.next_attempt_at && isWaiting(d.status) ? (
            d.status === 'sending' ? (
              'Sending now'
            ) : (
              <When iso={d.next_attempt_at} dates={dates} />
            )
          ) : (
            <span className="text-body-secondary">—</span>
          ),
      },
    ],
    [dates, view],
  );

  return (
    <section aria-labelledby="webhook-deliveries-list-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h3 id="webhook-deliveries-list-title" className="h6 fw-semibold mb-0 me-auto">
          All deliveries
        </h3>
        <FilterSelect
          className="webhook-deliveries-filter"
          label="Filter by status"
          allLabel="All statuses"
          value={view.status}
          options={DELIVERY_FILTERS}
          optionLabel={(s) => DELIVERY_FILTER_LABELS[s]}
          onChange={(status) => onView({ ...view, status, page: 1, delivery: null })}
        />
        <span className="small text-body-secondary tabular-nums" aria-live="polite" data-testid="webhook-deliveries-range">
          {data && rowRange(data.offset, data.items.length, total)}
        </span>
        {isFetching && !isPending && <span className="spinner-border spinner-border-sm text-body-secondary" role="status" aria-label="Updating" />}
      </div>
      {isError ? (
        <RetryAlert onRetry={refetch}>Deliveries could not be loaded: {error.message}</RetryAlert>
      ) : (
        <div className="border rounded">
          <DataTable
            label="Deliveries"
            className="table-sm webhook-deliveries-table mb-0"
            scrollable
            rows={data?.items}
            getRowId={(d) => d.id}
            columns={columns}
            loading={isPending}
            busy={isFetching}
            onRowClick={open}
            empty={
              filtered ? (
                <NoMatches what="deliveries" onClear={() => onView({ ...view, status: '', page: 1 })} />
              ) : (
                'No deliveries yet. Each event this webhook subscribes to shows here as it is sent; a test event shows how the endpoint answers.'
              )
            }
          />
        </div>
      )}
      {data && pages > 1 && (
        <div className="d-flex justify-content-end mt-3">
          <PageLinks page={Math.min(view.page, pages)} pages={pages} onPage={(page) => onView({ ...view, page })} />
        </div>
      )}
      <p className="small text-body-secondary mt-3 mb-0">{retrySchedule()} This list refreshes by itself while a delivery is on its way.</p>
    </section>
  );
}

import { DELIVERY_STATUSES, type DeliveryStatus } from '@admin-portal/contract/webhook-texts';

/**
 * What the Webhooks page shows over its list, kept in the URL (`?webhook=&delivery=&status=&page=`) so a reload, the
 * back button or a shared link opens the same subscription's deliveries, filter, page and delivery. Only what differs
 * from the defaults is written.
 */
export interface DeliveriesView {
  /** The subscription whose deliveries are open; null = the panel is closed. */
  webhook: string | null;
  /** The delivery whose attempts are shown. */
  delivery: string | null;
  status: DeliveryStatus | '';
  /** 1-based. */
  page: number;
}

/** Deliveries per page (the server's default). */
export const DELIVERIES_PAGE_SIZE = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The server takes offsets up to 100,000. */
const MAX_PAGE = Math.floor(100_000 / DELIVERIES_PAGE_SIZE) + 1;

const id = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);

export function parseDeliveriesView(params: URLSearchParams): DeliveriesView {
  const webhook = id(params.get('webhook'));
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    webhook,
    delivery: webhook ? id(params.get('delivery')) : null,
    status: status !== null && (DELIVERY_STATUSES as readonly string[]).includes(status) ? (status as DeliveryStatus) : '',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

export function deliveriesViewToParams(view: DeliveriesView): URLSearchParams {
  const params = new URLSearchParams();
  if (!view.webhook) return params;
  params.set('webhook', view.webhook);
  if (view.delivery) params.set('delivery', view.delivery);
  if (view.status) params.set('status', view.status);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The list query of a view's page. */
export const deliveriesQuery = (view: Pick<DeliveriesView, 'status' | 'page'>) => ({
  limit: DELIVERIES_PAGE_SIZE,
  offset: (view.page - 1) * DELIVERIES_PAGE_SIZE,
  ...(view.status ? { status: view.status } : {}),
});

/** Opening a subscription's deliveries starts on its first page, unfiltered. */
export const openDeliveries = (webhook: string, delivery: string | null = null): DeliveriesView => ({ webhook, delivery, status: '', page: 1 });

export const CLOSED_VIEW: DeliveriesView = { webhook: null, delivery: null, status: '', page: 1 };

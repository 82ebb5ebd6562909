import { describe, expect, it } from 'vitest';
import { CLOSED_VIEW, deliveriesQuery, deliveriesViewToParams, openDeliveries, parseDeliveriesView } from './deliveries-view.ts';

const WEBHOOK = '0b8a6f4e-93c1-4d2a-9f1e-2f6c7a1b5d10';
const DELIVERY = 'A1B2C3D4-0000-4000-8000-000000000001';

describe('the deliveries panel in the URL', () => {
  it('reads the open subscription, its delivery, filter and page', () => {
    expect(parseDeliveriesView(new URLSearchParams(`webhook=${WEBHOOK}&delivery=${DELIVERY}&status=failed&page=3`))).toEqual({
      webhook: WEBHOOK,
      delivery: DELIVERY.toLowerCase(),
      status: 'failed',
      page: 3,
    });
    expect(parseDeliveriesView(new URLSearchParams(''))).toEqual(CLOSED_VIEW);
  });

  it('ignores what it cannot use', () => {
    expect(parseDeliveriesView(new URLSearchParams(`webhook=nope&delivery=${DELIVERY}`))).toEqual(CLOSED_VIEW);
    // A delivery without its subscription opens nothing.
    expect(parseDeliveriesView(new URLSearchParams(`delivery=${DELIVERY}`)).delivery).toBeNull();
    expect(parseDeliveriesView(new URLSearchParams(`webhook=${WEBHOOK}&status=lost&page=-1`))).toEqual(openDeliveries(WEBHOOK));
    expect(parseDeliveriesView(new URLSearchParams(`webhook=${WEBHOOK}&page=999999`)).page).toBe(4001);
  });

  it('writes only what differs from the defaults, and nothing once closed', () => {
    expect(deliveriesViewToParams(openDeliveries(WEBHOOK)).toString()).toBe(`webhook=${WEBHOOK}`);
    expect(deliveriesViewToParams({ webhook: WEBHOOK, delivery: DELIVERY, status: 'pending', page: 2 }).toString()).toBe(
      `webhook=${WEBHOOK}&delivery=${DELIVERY}&status=pending&page=2`,
    );
    expect(deliveriesViewToParams({ ...CLOSED_VIEW, status: 'failed', page: 4 }).toString()).toBe('');
  });

  it('asks the server for the page and status shown', () => {
    expect(deliveriesQuery({ status: '', page: 1 })).toEqual({ limit: 25, offset: 0 });
    expect(deliveriesQuery({ status: 'succeeded', page: 3 })).toEqual({ limit: 25, offset: 50, status: 'succeeded' });
  });
});

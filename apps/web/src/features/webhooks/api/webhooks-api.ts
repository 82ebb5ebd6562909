import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryStatus } from '@admin-portal/contract/webhook-texts';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import type { CallInput, CallOutput } from '../../../shared/api/endpoint-call.ts';
import { anyWaiting, isWaiting, lastDeliveryWaiting, WAITING_REFRESH_MS } from '../lib/webhook-display.ts';

/*
 * The organization's webhook subscriptions and their deliveries (administrators only). While a delivery is on its
 * way (pending, sending, retrying), the queries showing it ask again every few seconds, so a success, a failure or a
 * retry shows without a reload.
 */

/** Every webhook query starts with this key, so one invalidation refreshes the page, its panel and its dialogs. */
export const WEBHOOKS_KEY = ['webhooks'] as const;

export type WebhookList = CallOutput<'GET /api/admin/webhooks'>;
/** A new subscription or a rotated secret: the only answers that hold the signing secret. */
export type WebhookWithSecret = CallOutput<'POST /api/admin/webhooks'>;
export type WebhookBody = CallInput<'POST /api/admin/webhooks'>['body'];
export type WebhookChanges = CallInput<'PUT /api/admin/webhooks/:id'>['body'];

export function useWebhooks() {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'list'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/webhooks', { signal })),
    // The last delivery's status changes by itself while it is on its way.
    refetchInterval: (query) => (lastDeliveryWaiting(query.state.data?.items) ? WAITING_REFRESH_MS : false),
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebhookBody) => unwrap(await call('POST /api/admin/webhooks', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** PUT /admin/webhooks/{id}: an edit, or turning it off or on (`{enabled}`). */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: WebhookChanges }) => unwrap(await call('PUT /api/admin/webhooks/:id', { params: { id }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await call('DELETE /api/admin/webhooks/:id', { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await call('POST /api/admin/webhooks/:id/rotate-secret', { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** Queues a `webhook.test` delivery; it shows in the deliveries like any other. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await call('POST /api/admin/webhooks/:id/test', { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export interface DeliveryListQuery {
  limit: number;
  offset: number;
  status?: DeliveryStatus | undefined;
}

export function useWebhookDeliveries(webhookId: string | null, query: DeliveryListQuery) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', webhookId, query],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/webhooks/:id/deliveries', { params: { id: webhookId! }, query, signal })),
    enabled: webhookId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (anyWaiting(q.state.data?.items) ? WAITING_REFRESH_MS : false),
  });
}

export function useWebhookDelivery(webhookId: string | null, deliveryId: string | null) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'delivery', webhookId, deliveryId],
    queryFn: async ({ signal }) =>
      unwrap(await call('GET /api/admin/webhooks/:id/deliveries/:delivery_id', { params: { id: webhookId!, delivery_id: deliveryId! }, signal })),
    enabled: webhookId !== null && deliveryId !== null,
    refetchInterval: (q) => (q.state.data && isWaiting(q.state.data.status) ? WAITING_REFRESH_MS : false),
  });
}

/** Sends a delivery again (same webhook-id, new timestamp and signature); refused (409) while the subscription is off. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      unwrap(await call('POST /api/admin/webhooks/:id/deliveries/:delivery_id/resend', { params: { id: webhookId, delivery_id: deliveryId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

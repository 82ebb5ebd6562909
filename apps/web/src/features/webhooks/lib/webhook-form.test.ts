import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES } from '@admin-portal/contract/webhook-texts';
import type { Webhook } from '@admin-portal/contract/webhooks';
import { changesOf, checkWebhookForm, EMPTY_WEBHOOK_FORM, formErrorsOf, formValuesOf, toggleAllEvents, toggleEvent } from './webhook-form.ts';

const HOOK: Webhook = {
  id: '0b8a6f4e-93c1-4d2a-9f1e-2f6c7a1b5d10',
  organization_id: '1b8a6f4e-93c1-4d2a-9f1e-2f6c7a1b5d10',
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  event_types: ['tool.approved', 'application.started'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  secret_hint: 'whsec_ab12…',
  last_delivery: null,
  created_by_email: 'admin@example.com',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

describe('the webhook form', () => {
  it('starts empty, or from the subscription with its events in the catalogue’s order', () => {
    expect(formValuesOf(null)).toEqual(EMPTY_WEBHOOK_FORM);
    expect(formValuesOf(HOOK)).toEqual({ url: HOOK.url, description: 'CRM', event_types: ['application.started', 'tool.approved'] });
  });

  it('checks with the contract’s rules and words', () => {
    expect(checkWebhookForm(EMPTY_WEBHOOK_FORM)).toEqual({
      ok: false,
      errors: { url: WEBHOOK_MESSAGES.url, event_types: WEBHOOK_MESSAGES.eventTypesRequired },
    });
    expect(checkWebhookForm({ url: 'ftp://crm.example.com/x', description: '', event_types: ['tool.approved'] })).toEqual({
      ok: false,
      errors: { url: WEBHOOK_MESSAGES.url },
    });
    // http:// only to this machine (a receiver beside the portal); the address is trimmed.
    expect(checkWebhookForm({ url: ' http://127.0.0.1:9000/hooks ', description: ' CRM ', event_types: ['tool.approved'] })).toEqual({
      ok: true,
      value: { url: 'http://127.0.0.1:9000/hooks', description: 'CRM', event_types: ['tool.approved'] },
    });
    expect(checkWebhookForm({ url: 'http://crm.example.com/hooks', description: '', event_types: ['tool.approved'] }).ok).toBe(false);
  });

  it('puts the server’s field errors on their fields, an event’s own on the checklist', () => {
    expect(
      formErrorsOf([
        { field: 'url', message: 'Bad address' },
        { field: 'url', message: 'Second' },
        { field: 'event_types.2', message: 'Invalid option' },
        { field: 'enabled', message: 'Not here' },
      ]),
    ).toEqual({ url: 'Bad address', event_types: 'Invalid option' });
  });

  it('toggles events in the catalogue’s order, and all of them at once', () => {
    expect(toggleEvent(['tool.approved'], 'application.started', true)).toEqual(['application.started', 'tool.approved']);
    expect(toggleEvent(['application.started', 'tool.approved'], 'application.started', false)).toEqual(['tool.approved']);
    expect(toggleAllEvents(['tool.approved'])).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(toggleAllEvents([...WEBHOOK_EVENT_TYPES])).toEqual([]);
  });

  it('sends only what an edit changed', () => {
    expect(changesOf(HOOK, { url: HOOK.url, description: 'CRM', event_types: ['application.started', 'tool.approved'] })).toBeNull();
    expect(changesOf(HOOK, { url: 'https://crm.example.com/v2', description: 'CRM', event_types: ['tool.approved', 'application.started'] })).toEqual({
      url: 'https://crm.example.com/v2',
    });
    expect(changesOf(HOOK, { url: HOOK.url, description: '', event_types: ['tool.approved'] })).toEqual({ description: '', event_types: ['tool.approved'] });
  });
});

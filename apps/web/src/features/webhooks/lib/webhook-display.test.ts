import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES } from '@admin-portal/contract/webhook-texts';
import {
  anyWaiting,
  attemptOutcome,
  deliveryBadge,
  eventLabel,
  formatDuration,
  lastDeliveryWaiting,
  orderedEventTypes,
  prettyBody,
  retrySchedule,
  sendBlockedReason,
  shortUrl,
  subscriptionCount,
  subscriptionsLeft,
  waitInWords,
  webhookState,
  webhookStateLabel,
} from './webhook-display.ts';

const utc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

describe('a subscription’s state', () => {
  it('tells on, failing, off and turned off after failing apart', () => {
    expect(webhookState({ enabled: true, disabled_reason: null, failing_since: null })).toBe('on');
    expect(webhookState({ enabled: true, disabled_reason: null, failing_since: '2026-03-01T10:00:00.000Z' })).toBe('failing');
    expect(webhookState({ enabled: false, disabled_reason: 'manual', failing_since: null })).toBe('off');
    // Turned off by hand while failing: off, as the person chose.
    expect(webhookState({ enabled: false, disabled_reason: 'manual', failing_since: '2026-03-01T10:00:00.000Z' })).toBe('off');
    expect(webhookState({ enabled: false, disabled_reason: 'failing', failing_since: '2026-03-01T10:00:00.000Z' })).toBe('turned-off');
  });

  it('says so in words, with since when it fails', () => {
    expect(webhookStateLabel({ enabled: true, disabled_reason: null, failing_since: null }, utc)).toBe('On');
    expect(webhookStateLabel({ enabled: true, disabled_reason: null, failing_since: '2026-03-01T10:05:00.000Z' }, utc)).toBe('Failing since 1 Mar 2026, 10:05');
    expect(webhookStateLabel({ enabled: false, disabled_reason: 'manual', failing_since: null }, utc)).toBe('Off');
    expect(webhookStateLabel({ enabled: false, disabled_reason: 'failing', failing_since: null }, utc)).toBe('Turned off after failing for a day');
  });

  it('blocks test events and resends while off, with the server’s reason', () => {
    expect(sendBlockedReason({ enabled: true })).toBeNull();
    expect(sendBlockedReason({ enabled: false })).toBe(WEBHOOK_MESSAGES.disabled);
  });
});

describe('events', () => {
  it('reads each type by its label, the test event and unknown types too', () => {
    expect(eventLabel('tool.approved')).toBe('A tool was approved');
    expect(eventLabel('webhook.test')).toBe('Test event');
    expect(eventLabel('something.new')).toBe('something.new');
    for (const type of WEBHOOK_EVENT_TYPES) expect(eventLabel(type)).not.toBe(type);
  });

  it('orders a subscription’s types as the catalogue does', () => {
    expect(orderedEventTypes(['tool.approved', 'application.started', 'zzz', 'application.failed'])).toEqual([
      'application.started',
      'application.failed',
      'tool.approved',
      'zzz',
    ]);
  });
});

describe('deliveries', () => {
  it('badges a failed delivery waiting for its retry as retrying', () => {
    expect(deliveryBadge({ status: 'pending', attempts: 0 }).label).toBe('Pending');
    expect(deliveryBadge({ status: 'pending', attempts: 2 }).label).toBe('Retrying');
    expect(deliveryBadge({ status: 'sending', attempts: 1 }).label).toBe('Sending');
    expect(deliveryBadge({ status: 'succeeded', attempts: 3 })).toEqual({ label: 'Succeeded', className: expect.stringContaining('bg-success-subtle') });
    expect(deliveryBadge({ status: 'failed', attempts: 8 }).className).toContain('bg-danger-subtle');
  });

  it('refreshes only while something is on its way', () => {
    expect(anyWaiting(undefined)).toBe(false);
    expect(anyWaiting([{ status: 'succeeded' }, { status: 'failed' }])).toBe(false);
    expect(anyWaiting([{ status: 'succeeded' }, { status: 'pending' }])).toBe(true);
    expect(anyWaiting([{ status: 'sending' }])).toBe(true);
    expect(lastDeliveryWaiting([{ last_delivery: null }, { last_delivery: { status: 'succeeded', at: '' } }])).toBe(false);
    expect(lastDeliveryWaiting([{ last_delivery: { status: 'pending', at: '' } }])).toBe(true);
  });

  it('reads an attempt as its HTTP status, or its error when no answer came', () => {
    expect(attemptOutcome({ response_status: 200, error: null })).toEqual({ ok: true, text: 'HTTP 200' });
    expect(attemptOutcome({ response_status: 500, error: 'The endpoint answered 500' })).toEqual({ ok: false, text: 'HTTP 500' });
    expect(attemptOutcome({ response_status: 302, error: 'The endpoint answered 302' })).toEqual({ ok: false, text: 'HTTP 302' });
    expect(attemptOutcome({ response_status: null, error: 'No answer within 10 s' })).toEqual({ ok: false, text: 'No answer within 10 s' });
    expect(attemptOutcome({ response_status: null, error: null })).toEqual({ ok: false, text: 'No answer' });
  });

  it('formats durations, bodies and headers', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(85.4)).toBe('85 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
    expect(formatDuration(10_000)).toBe('10 s');
    expect(formatDuration(-1)).toBe('—');
    expect(prettyBody('{"type":"webhook.test","data":{"a":1}}')).toBe('{\n  "type": "webhook.test",\n  "data": {\n    "a": 1\n  }\n}');
    expect(prettyBody('ok')).toBe('ok');
    expect(prettyBody('{not json')).toBe('{not json');
  });

  it('says the retry schedule from the contract', () => {
    expect(waitInWords(5_000)).toBe('5 seconds');
    expect(waitInWords(60_000)).toBe('1 minute');
    expect(waitInWords(1_800_000)).toBe('30 minutes');
    expect(waitInWords(7_200_000)).toBe('2 hours');
    expect(retrySchedule()).toBe(
      'A failed delivery is tried again after 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours and 10 hours, then a last time when 24 hours have passed since the event.',
    );
    expect(retrySchedule([1000], 1)).toBe('A failed delivery is tried again after 1 second, then a last time when 1 hour have passed since the event.');
  });
});

describe('the limit', () => {
  it('counts what is left of the 20 subscriptions', () => {
    expect(subscriptionsLeft(0)).toBe(20);
    expect(subscriptionsLeft(19)).toBe(1);
    expect(subscriptionsLeft(20)).toBe(0);
    expect(subscriptionsLeft(25)).toBe(0);
    expect(subscriptionCount(3)).toBe('3 of 20 webhooks');
  });

  it('shortens an address for tight places', () => {
    expect(shortUrl('https://crm.example.com/hooks/portal')).toBe('crm.example.com/hooks/portal');
    expect(shortUrl('http://127.0.0.1:8080/x')).toBe('127.0.0.1:8080/x');
  });
});

import { createPortal } from 'react-dom';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import type { Webhook } from '@admin-portal/contract/webhooks';
import { sendBlockedReason, shortUrl } from '../lib/webhook-display.ts';

export type WebhookAction = 'deliveries' | 'edit' | 'test' | 'turn-on' | 'turn-off' | 'rotate' | 'delete';

interface Props {
  webhook: Webhook;
  /** A change to this row is under way: its menu waits. */
  busy: boolean;
  onAction: (action: WebhookAction, webhook: Webhook) => void;
}

/**
 * One subscription's actions: its deliveries at hand, the rest in a menu (edit, send a test event, turn off or on,
 * rotate the secret, delete). A test event cannot be sent while the subscription is off: the item stays, disabled,
 * with the reason under it.
 */
export function WebhookRowActions({ webhook, busy, onAction }: Props) {
  const name = shortUrl(webhook.url);
  const blocked = sendBlockedReason(webhook);
  const blockedId = `webhook-test-blocked-${webhook.id}`;
  const menu = (
    <Dropdown.Menu className="webhook-actions-menu">
      <Dropdown.Item as="button" onClick={() => onAction('edit', webhook)}>
        Edit
      </Dropdown.Item>
      <Dropdown.Item as="button" disabled={!!blocked} aria-describedby={blocked ? blockedId : undefined} onClick={() => onAction('test', webhook)}>
        Send test event
      </Dropdown.Item>
      {blocked && (
        <Dropdown.ItemText id={blockedId} className="small text-body-secondary webhook-action-note">
          {blocked}
        </Dropdown.ItemText>
      )}
      {webhook.enabled ? (
        <Dropdown.Item as="button" onClick={() => onAction('turn-off', webhook)}>
          Turn off
        </Dropdown.Item>
      ) : (
        <Dropdown.Item as="button" onClick={() => onAction('turn-on', webhook)}>
          Turn on
        </Dropdown.Item>
      )}
      <Dropdown.Item as="button" onClick={() => onAction('rotate', webhook)}>
        Rotate secret…
      </Dropdown.Item>
      <Dropdown.Divider />
      <Dropdown.Item as="button" className="text-danger-emphasis" onClick={() => onAction('delete', webhook)}>
        Delete…
      </Dropdown.Item>
    </Dropdown.Menu>
  );
  return (
    <div className="d-inline-flex align-items-center gap-1">
      <Button variant="outline-secondary" size="sm" className="text-nowrap" onClick={() => onAction('deliveries', webhook)}>
        Deliveries<span className="visually-hidden"> to {name}</span>
      </Button>
      <Dropdown align="end">
        <Dropdown.Toggle
          variant="link"
          size="sm"
          className="webhook-actions-toggle"
          id={`webhook-actions-${webhook.id}`}
          aria-label={`Actions for ${name}`}
          title="Actions"
          disabled={busy}
        >
          {busy ? (
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          ) : (
            <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <circle cx="12" cy="5" r="1.8" />
              <circle cx="12" cy="12" r="1.8" />
              <circle cx="12" cy="19" r="1.8" />
            </svg>
          )}
        </Dropdown.Toggle>
        {/* In a portal, so the table's horizontal scroll container cannot clip the menu of the last rows. */}
        {createPortal(menu, document.body)}
      </Dropdown>
    </div>
  );
}

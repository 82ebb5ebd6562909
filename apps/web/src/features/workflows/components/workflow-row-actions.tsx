import { createPortal } from 'react-dom';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import type { WorkflowSummary } from '@admin-portal/contract/workflows/api';
import { auditHistoryUrl } from '../../../shared/lib/audit-history.ts';
import type { WorkflowAbilities } from '../lib/abilities.ts';
import { analyticsPath, builderPath, deleteBlockedReason, statusChanges, type StatusChange } from '../lib/workflow-display.ts';

export type RowAction = { kind: 'duplicate' } | { kind: 'status'; change: StatusChange } | { kind: 'delete' } | { kind: 'start-link' };

interface Props {
  workflow: WorkflowSummary;
  abilities: WorkflowAbilities;
  /** A change to this row is under way: its menu waits. */
  busy: boolean;
  onAction: (action: RowAction, workflow: WorkflowSummary) => void;
}

/** Whether a row can offer anything at all (otherwise the table leaves out its actions column). */
export const hasRowActions = (abilities: WorkflowAbilities): boolean => abilities.build || abilities.manage || !!abilities.history;

/**
 * The menu of one workflow: open in the builder (builders), its analytics (view_analytics), then duplicate, its public start link, the status changes its status allows and
 * delete (managers). Delete stays listed but disabled, with the reason under it, while applications refer to it.
 */
export function WorkflowRowActions({ workflow, abilities, busy, onAction }: Props) {
  if (!hasRowActions(abilities)) return null;
  const blocked = deleteBlockedReason(workflow.application_count);
  const menu = (
    <Dropdown.Menu className="workflow-actions-menu">
      {abilities.build && (
        <Dropdown.Item as={Link} to={builderPath(workflow.id)}>
          Open in builder
        </Dropdown.Item>
      )}
      {abilities.analytics && (
        <Dropdown.Item as={Link} to={analyticsPath(workflow.id)}>
          Analytics
        </Dropdown.Item>
      )}
      {abilities.history && (
        <Dropdown.Item as={Link} to={auditHistoryUrl('workflow', workflow.id)}>
          History
        </Dropdown.Item>
      )}
      {abilities.manage && (
        <>
          {(abilities.build || abilities.analytics || abilities.history) && <Dropdown.Divider />}
          <Dropdown.Item as="button" onClick={() => onAction({ kind: 'duplicate' }, workflow)}>
            Duplicate
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => onAction({ kind: 'start-link' }, workflow)}>
            Start link…
          </Dropdown.Item>
          {statusChanges(workflow.status).map((change) => (
            <Dropdown.Item key={change.to} as="button" onClick={() => onAction({ kind: 'status', change }, workflow)}>
              {change.confirm ? `${change.label}…` : change.label}
            </Dropdown.Item>
          ))}
          <Dropdown.Divider />
          <Dropdown.Item
            as="button"
            className={blocked ? undefined : 'text-danger-emphasis'}
            disabled={!!blocked}
            title={blocked ?? undefined}
            aria-describedby={blocked ? `workflow-delete-blocked-${workflow.id}` : undefined}
            onClick={() => onAction({ kind: 'delete' }, workflow)}
          >
            Delete…
          </Dropdown.Item>
          {blocked && (
            <Dropdown.ItemText id={`workflow-delete-blocked-${workflow.id}`} className="small text-body-secondary workflow-delete-blocked">
              {blocked}
            </Dropdown.ItemText>
          )}
        </>
      )}
    </Dropdown.Menu>
  );
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        size="sm"
        className="workflow-actions-toggle"
        id={`workflow-actions-${workflow.id}`}
        aria-label={`Actions for ${workflow.name}`}
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
  );
}

import type { WorkflowStatus } from '@admin-portal/contract/workflows/api';
import { STATUS_BADGE_CLASSES, STATUS_LABELS } from '../lib/workflow-display.ts';

/** Draft, Active or Archived, in colours that stay readable in both themes. */
export function StatusBadge({ status }: { status: WorkflowStatus }) {
  return <span className={STATUS_BADGE_CLASSES[status]}>{STATUS_LABELS[status]}</span>;
}

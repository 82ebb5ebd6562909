import type { ToolExecution } from '@admin-portal/contract/tools/api';
import { EXECUTION_STATUS_CLASSES, EXECUTION_STATUS_LABELS } from '../lib/execution-display.ts';

/** Success, Error, Timeout or Refused, in colours that stay readable in both themes. */
export function ExecutionStatusBadge({ status }: { status: ToolExecution['status'] }) {
  return <span className={EXECUTION_STATUS_CLASSES[status]}>{EXECUTION_STATUS_LABELS[status]}</span>;
}

import type { ToolStatus, ToolTypeDescription } from '@admin-portal/contract/tools/api';
import { TOOL_ICONS } from '../../../../shared/ui/icon-sets/tools.ts';
import { addIcons, Icon } from '../../../../shared/ui/icons.tsx';
import { EXECUTION_BADGE_CLASSES, executionStatusLabel, STATUS_BADGE_CLASSES, statusLabel, type ExecutionStatus } from '../../lib/registry/tool-display.ts';

addIcons(TOOL_ICONS);

/** Draft, Pending approval, Approved, Rejected or Disabled. */
export function ToolStatusBadge({ status }: { status: ToolStatus }) {
  return <span className={STATUS_BADGE_CLASSES[status] ?? STATUS_BADGE_CLASSES.draft}>{statusLabel(status)}</span>;
}

/** The type's label (from GET /tools/types) with its icon; the raw name until the types are loaded. */
export function ToolTypeBadge({ type, types }: { type: string; types: readonly ToolTypeDescription[] | undefined }) {
  const description = types?.find((t) => t.type === type);
  return (
    <span className="badge rounded-pill border bg-info-subtle text-info-emphasis border-info-subtle tool-type-badge" title={description?.description}>
      <Icon name={description?.icon ?? 'dot'} className="me-1" />
      {description?.label ?? type}
    </span>
  );
}

/** Success, Error, Timed out or Refused: how a test run ended. */
export function ExecutionStatusBadge({ status }: { status: ExecutionStatus }) {
  return <span className={EXECUTION_BADGE_CLASSES[status] ?? EXECUTION_BADGE_CLASSES.error}>{executionStatusLabel(status)}</span>;
}

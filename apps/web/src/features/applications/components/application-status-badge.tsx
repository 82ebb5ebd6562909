import type { ApplicationSummary } from '@admin-portal/contract/applications/api';
import { STATUS_BADGE_CLASSES, statusDetail, statusLabel } from '../lib/application-display.ts';

/** "Waiting for review", "Completed · Rejected", in colours that stay readable in both themes. */
export function ApplicationStatusBadge({ application }: { application: Pick<ApplicationSummary, 'status' | 'waiting_for' | 'outcome'> }) {
  const detail = statusDetail(application);
  return (
    <span className={STATUS_BADGE_CLASSES[application.status]}>
      {statusLabel(application.status)}
      {detail && <span className="fw-normal">{application.status === 'waiting' ? ` ${detail}` : ` · ${detail}`}</span>}
    </span>
  );
}

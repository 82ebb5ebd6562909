import { useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import type { ReviewTask } from '@admin-portal/contract/applications/api';
import { roleLabel } from '@admin-portal/contract/role-names';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useReviewQueue } from '../api/applications-api.ts';
import { dueLabel } from '../lib/application-display.ts';

/**
 * The review queue: open review tasks the user may decide (their role's; administrators see all), soonest deadline
 * first, overdue ones marked. Opening one shows the case with its decide buttons, its deadline, role and history,
 * which is where the columns a narrow table leaves out are.
 */
export function ReviewQueue({ dateFormat, onOpen }: { dateFormat: DateFormats; onOpen: (applicationId: string) => void }) {
  const queue = useReviewQueue(true);
  const columns = useMemo<DataColumn<ReviewTask>[]>(
    () => [
      {
        id: 'applicant',
        header: 'Applicant',
        className: 'monitor-text-cell',
        cell: (t) => (
          <button
            type="button"
            className="btn btn-link p-0 fw-semibold text-decoration-none text-start dt-ellipsis-inline"
            title={t.applicant_name || undefined}
            onClick={() => onOpen(t.application_id)}
          >
            {t.applicant_name || 'Unnamed applicant'}
          </button>
        ),
      },
      {
        id: 'workflow',
        header: 'Workflow',
        priority: 3,
        className: 'monitor-text-cell',
        cell: (t) => (
          <span className="dt-ellipsis" title={t.workflow_name ?? undefined}>
            {t.workflow_name ?? '—'}
          </span>
        ),
      },
      {
        id: 'step',
        header: 'Review',
        grow: true,
        cell: (t) => (
          <>
            <div className="dt-ellipsis" title={t.step_name}>
              {t.step_name}
            </div>
            {t.instructions && (
              <div className="small text-body-secondary dt-ellipsis" title={t.instructions}>
                {t.instructions}
              </div>
            )}
          </>
        ),
      },
      { id: 'role', header: 'Decided by', priority: 4, className: 'text-nowrap', cell: (t) => roleLabel(t.assignee_role) },
      {
        id: 'due',
        header: 'Deadline',
        priority: 2,
        className: 'text-nowrap',
        cell: (t) => (
          <span className={t.overdue ? 'text-danger-emphasis fw-semibold' : undefined}>
            {t.overdue && <span className="badge text-bg-danger me-1">Overdue</span>}
            <time dateTime={t.due_at} title={dateFormat.full.format(new Date(t.due_at))}>
              {dueLabel(t.due_at)}
            </time>
          </span>
        ),
      },
      {
        id: 'waiting',
        header: 'Waiting since',
        priority: 5,
        className: 'text-nowrap',
        cell: (t) => (
          <time className="small" dateTime={t.created_at} title={dateFormat.full.format(new Date(t.created_at))}>
            {dateFormat.date.format(new Date(t.created_at))} {dateFormat.time.format(new Date(t.created_at))}
          </time>
        ),
      },
    ],
    [dateFormat, onOpen],
  );

  if (queue.isError) {
    return (
      <Card.Body>
        <RetryAlert className="mb-0" onRetry={() => void queue.refetch()}>
          The review queue could not be loaded: {queue.error.message}
        </RetryAlert>
      </Card.Body>
    );
  }
  return (
    <DataTable
      label="Review queue"
      rows={queue.data?.items}
      getRowId={(t) => t.id}
      columns={columns}
      loading={queue.isPending}
      busy={queue.isFetching}
      rowClassName={(t) => (t.overdue ? 'table-danger-subtle' : undefined)}
      rowProps={(t) => ({ 'data-application-id': t.application_id })}
      onRowClick={(t) => onOpen(t.application_id)}
      empty={
        <>
          <span className="d-block fw-semibold text-body mb-1">Nothing waits for you</span>
          Reviews assigned to your role appear here, soonest deadline first.
        </>
      }
    />
  );
}

import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import type { ReviewQueueCounts, ReviewTask } from '@admin-portal/contract/applications/api';
import { roleLabel } from '@admin-portal/contract/role-names';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useClaimReview, useReviewers, useReviewQueue } from '../api/review-work-api.ts';
import type { ApplicationAbilities } from '../lib/abilities.ts';
import { dueLabel, mayDecide } from '../lib/application-display.ts';
import { holderOf, queueFilters } from '../lib/review-holder.ts';
import { QUEUE_VIEWS, type MonitorState, type QueueView } from '../lib/monitor-state.ts';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';
import type { BulkReviewAction } from './bulk-review-dialog.tsx';

// The bulk dialog (its texts come with the contract's schemas, zod) downloads when a bulk action is first chosen.
const BulkReviewDialog = lazy(async () => ({ default: (await import('./bulk-review-dialog.tsx')).BulkReviewDialog }));

const VIEW_LABELS: Record<QueueView, string> = { roles: 'All my roles', mine: 'Mine', unclaimed: 'Unclaimed' };
const EMPTY: Record<QueueView | 'person', { title: string; text: string }> = {
  roles: { title: 'Nothing waits for you', text: 'Reviews assigned to your role appear here, soonest deadline first.' },
  mine: { title: 'You have no reviews', text: 'Claim one from Unclaimed, or a lead assigns one to you.' },
  unclaimed: { title: 'Every review is taken', text: 'Reviews of your role that nobody has claimed appear here.' },
  person: { title: 'This person has no open reviews', text: 'Reviews they claim or are assigned appear here.' },
};

interface Props {
  dateFormat: DateFormats;
  abilities: ApplicationAbilities;
  /** The view (`roles`, `mine`, `unclaimed`) or a person's user id. */
  view: MonitorState['queue'];
  counts: ReviewQueueCounts | undefined;
  onView: (view: MonitorState['queue']) => void;
  onOpen: (applicationId: string) => void;
}

/**
 * The review queue: open reviews, soonest deadline first, overdue ones marked, in views kept in the URL — all of the
 * user's roles, the ones they have, the unclaimed ones to pick from, and (leads) one person's. Each row says who has
 * the review; an unclaimed one the user may decide has a Claim button. Opening one shows the case with everything
 * else (decide, release, assign).
 */
export function ReviewQueue({ dateFormat, abilities, view, counts, onView, onOpen }: Props) {
  const queue = useReviewQueue(queueFilters(view));
  const claim = useClaimReview();
  const person = !(QUEUE_VIEWS as readonly string[]).includes(view);
  const reviewers = useReviewers(undefined, abilities.manageReviews);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState<{ action: BulkReviewAction; open: boolean } | null>(null);
  useUnmountWhenClosed(bulk, setBulk);
  // Only rows on screen stay selected (a decided review leaves the queue).
  const rows = queue.data?.items;
  const selectedTasks = (rows ?? []).filter((t) => picked.has(t.id));
  const selected = useMemo(() => new Set(selectedTasks.map((t) => t.id)), [selectedTasks.map((t) => t.id).join()]);
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
      // Wraps at its space ("Compliance / Officer") rather than widening the table.
      { id: 'role', header: 'Decided by', priority: 5, cell: (t) => roleLabel(t.assignee_role) },
      {
        id: 'holder',
        header: 'Who has it',
        // Folded under the applicant on narrow frames (its Claim button with it), so the row's controls stay in view.
        priority: 3,
        // A long name is cut with an ellipsis (whole in its title), so a holder never widens the table.
        className: 'monitor-holder-cell',
        cell: (t) =>
          t.claimed_by ? (
            <span
              className={`dt-ellipsis${t.claimed_by === abilities.userId ? ' fw-semibold' : ''}`}
              title={[holderOf(t), t.assigned_by_email ? `assigned by ${t.assigned_by_email}` : ''].filter(Boolean).join(', ')}
            >
              {t.claimed_by === abilities.userId ? 'You' : holderOf(t)}
            </span>
          ) : mayDecide(abilities.role, t.assignee_role) ? (
            <Button
              variant="outline-primary"
              size="sm"
              className="py-0"
              title={`Claim ${t.step_name} of ${t.applicant_name || 'Unnamed applicant'}`}
              disabled={claim.isPending}
              onClick={(e) => {
                e.stopPropagation();
                claim.mutateAsync(t.id).then(
                  () =>
                    notify({
                      type: 'success',
                      title: TOAST_TITLES.reviewClaimed,
                      message: `${t.applicant_name || 'Unnamed applicant'}: ${t.step_name} is yours.`,
                    }),
                  (err: unknown) => notify({ type: 'error', title: TOAST_TITLES.reviewNotChanged, message: err instanceof Error ? err.message : String(err) }),
                );
              }}
            >
              Claim
            </Button>
          ) : (
            <span className="text-body-secondary">Unclaimed</span>
          ),
      },
      {
        id: 'due',
        header: 'Deadline',
        priority: 2,
        // The badges wrap above the time (an overdue, escalated second decision carries three), the time never does.
        cell: (t) => (
          <div className={t.overdue ? 'text-danger-emphasis fw-semibold' : undefined}>
            {(t.overdue || t.escalated_at || t.stage === 2) && (
              <div className="d-flex flex-wrap gap-1 mb-1">
                {t.overdue && <span className="badge text-bg-danger">Overdue</span>}
                {t.escalated_at && <span className="badge text-bg-warning">Escalated</span>}
                {t.stage === 2 && <span className="badge text-bg-info">2nd decision</span>}
              </div>
            )}
            <time className="text-nowrap" dateTime={t.due_at} title={dateFormat.full.format(new Date(t.due_at))}>
              {dueLabel(t.due_at)}
            </time>
          </div>
        ),
      },
      {
        id: 'waiting',
        header: 'Waiting since',
        priority: 6,
        className: 'text-nowrap',
        cell: (t) => (
          <time className="small" dateTime={t.created_at} title={dateFormat.full.format(new Date(t.created_at))}>
            {dateFormat.date.format(new Date(t.created_at))} {dateFormat.time.format(new Date(t.created_at))}
          </time>
        ),
      },
    ],
    [dateFormat, onOpen, abilities.userId, abilities.role, claim],
  );

  const count = (v: QueueView) => (counts ? counts[v] : undefined);
  const empty = EMPTY[person ? 'person' : (view as QueueView)];
  const toolbar = (
    <Card.Body className="py-3 border-bottom d-flex flex-wrap align-items-center gap-2">
      <ToggleButtonGroup type="radio" name="review-queue-view" value={person ? '' : view} onChange={(v: string) => onView(v)} aria-label="Which reviews">
        {QUEUE_VIEWS.map((v) => (
          <ToggleButton key={v} id={`review-queue-${v}`} value={v} variant="outline-secondary" size="sm">
            {VIEW_LABELS[v]}
            {count(v) !== undefined && <span className="badge rounded-pill text-bg-secondary ms-2 tabular-nums">{count(v)}</span>}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {abilities.manageReviews && (
        <FilterSelect
          className="monitor-filter"
          label="Reviews of one person"
          allLabel="Anyone’s"
          value={person ? view : ''}
          options={(reviewers.data?.items ?? []).map((r) => r.id)}
          optionLabel={(id) => {
            const r = reviewers.data?.items.find((x) => x.id === id);
            return r ? `${r.name || r.email} (${r.open_reviews})` : id;
          }}
          onChange={(id) => onView(id || 'roles')}
        />
      )}
    </Card.Body>
  );

  if (queue.isError) {
    return (
      <>
        {toolbar}
        <Card.Body>
          <RetryAlert className="mb-0" onRetry={() => void queue.refetch()}>
            The review queue could not be loaded: {queue.error.message}
          </RetryAlert>
        </Card.Body>
      </>
    );
  }
  const bulkButton = (action: BulkReviewAction, label: string, variant = 'outline-secondary') => (
    <Button size="sm" variant={variant} onClick={() => setBulk({ action, open: true })}>
      {label}
    </Button>
  );
  return (
    <>
      {toolbar}
      {selected.size > 0 && (
        <Card.Body className="py-2 border-bottom d-flex flex-wrap align-items-center gap-2 bg-body-tertiary" role="region" aria-label="Selected reviews">
          <span className="fw-semibold me-2" data-testid="review-selection-count">
            {selected.size} selected
          </span>
          {bulkButton('approve', 'Approve', 'success')}
          {bulkButton('reject', 'Reject…', 'outline-danger')}
          {bulkButton('claim', 'Claim')}
          {bulkButton('release', 'Release')}
          {abilities.manageReviews && bulkButton('assign', 'Assign…')}
          <Button size="sm" variant="link" onClick={() => setPicked(new Set())}>
            Clear selection
          </Button>
        </Card.Body>
      )}
      {bulk && (
        <Suspense fallback={null}>
          <BulkReviewDialog
            action={bulk.action}
            tasks={selectedTasks}
            show={bulk.open}
            onClose={() => setBulk({ ...bulk, open: false })}
            onExited={() => setBulk(null)}
            onDone={(response) => setPicked(new Set(response.results.filter((r) => !r.ok).map((r) => r.task_id)))}
          />
        </Suspense>
      )}
      <DataTable
        label="Review queue"
        fold="applicant"
        rows={rows}
        getRowId={(t) => t.id}
        selection={{
          selected,
          onChange: setPicked,
          rowLabel: (id) => {
            const t = rows?.find((r) => r.id === id);
            return `Select ${t?.applicant_name || 'Unnamed applicant'}: ${t?.step_name ?? 'review'}`;
          },
          allLabel: 'Select all reviews on this page',
        }}
        columns={columns}
        loading={queue.isPending}
        busy={queue.isFetching}
        rowClassName={(t) => (t.overdue ? 'table-danger-subtle' : undefined)}
        rowProps={(t) => ({ 'data-application-id': t.application_id })}
        onRowClick={(t) => onOpen(t.application_id)}
        empty={
          <>
            <span className="d-block fw-semibold text-body mb-1">{empty.title}</span>
            {empty.text}
          </>
        }
      />
    </>
  );
}

import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { Dashboard } from '@admin-portal/contract/analytics/api';
import { roleLabel } from '@admin-portal/contract/role-names';
import { monitorPath } from '../../../shared/analytics/portal-links.ts';
import { formatCount } from '../../../shared/lib/figures-format.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { sinceText, untilText } from '../lib/dashboard-figures.ts';
import { reviewCasePath } from '../lib/dashboard-links.ts';

interface Props {
  review: Dashboard['review'];
  /** The user may open the Real-time Monitor (the queue and each review lead there). */
  monitor: boolean;
  now: number;
  className?: string;
}

/**
 * The live review queue: what is open, overdue and oldest, by assignee role, how many of the open reviews this user
 * may decide, and the reviews due first (overdue ones first), each opening in the monitor's review queue.
 */
export function ReviewQueuePanel({ review, monitor, now, className }: Props) {
  const roles = review.by_role.filter((r) => r.open > 0);
  return (
    <Panel id="dashboard-reviews-title" title="Review queue" subtitle="Open now, whatever the period" className={className}>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3" data-testid="reviews-mine">
        {review.mine > 0 ? (
          <p className="mb-0">
            <span className="dashboard-mine fw-semibold tabular-nums">{formatCount(review.mine)}</span> waiting for you
          </p>
        ) : (
          <p className="mb-0 text-body-secondary">Nothing waits for you.</p>
        )}
        {monitor && review.mine > 0 && <Link to={monitorPath({ view: 'queue' })}>Open your review queue</Link>}
      </div>
      {(review.claimed_by_me > 0 || review.unclaimed_mine > 0) && (
        <ul className="list-inline small mb-3" aria-label="Your reviews" data-testid="reviews-held">
          <li className="list-inline-item me-3">
            {monitor ? (
              <Link to={monitorPath({ view: 'queue', queue: 'mine' })}>
                <span className="tabular-nums fw-semibold">{formatCount(review.claimed_by_me)}</span> yours
              </Link>
            ) : (
              <>
                <span className="tabular-nums fw-semibold">{formatCount(review.claimed_by_me)}</span> yours
              </>
            )}
          </li>
          <li className="list-inline-item">
            {monitor ? (
              <Link to={monitorPath({ view: 'queue', queue: 'unclaimed' })}>
                <span className="tabular-nums fw-semibold">{formatCount(review.unclaimed_mine)}</span> unclaimed
              </Link>
            ) : (
              <>
                <span className="tabular-nums fw-semibold">{formatCount(review.unclaimed_mine)}</span> unclaimed
              </>
            )}
          </li>
        </ul>
      )}

      <dl className="row row-cols-3 g-2 mb-3 text-center">
        <div className="col">
          <dt className="small text-body-secondary fw-normal">Open</dt>
          <dd className="h5 mb-0 tabular-nums" data-testid="reviews-open">
            {formatCount(review.open)}
          </dd>
        </div>
        <div className="col">
          <dt className="small text-body-secondary fw-normal">Overdue</dt>
          <dd className={`h5 mb-0 tabular-nums${review.overdue > 0 ? ' text-danger-emphasis' : ''}`} data-testid="reviews-overdue">
            {formatCount(review.overdue)}
          </dd>
        </div>
        <div className="col">
          <dt className="small text-body-secondary fw-normal">Oldest waits</dt>
          <dd className="h5 mb-0 tabular-nums" data-testid="reviews-oldest">
            {sinceText(review.oldest_created_at, now)}
          </dd>
        </div>
      </dl>

      {roles.length === 0 ? (
        <p className="text-body-secondary mb-0">No review is open. Approval steps of a workflow create reviews for their assignee role.</p>
      ) : (
        <Table size="sm" className="small mb-3" aria-label="Open reviews by assignee role">
          <thead>
            <tr>
              <th scope="col">Assignee role</th>
              <th scope="col" className="text-end">
                Open
              </th>
              <th scope="col" className="text-end">
                Overdue
              </th>
              <th scope="col" className="text-end">
                Oldest
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.map((r) => (
              <tr key={r.assignee_role}>
                <th scope="row" className="fw-normal">
                  {roleLabel(r.assignee_role)}
                </th>
                <td className="text-end tabular-nums">{formatCount(r.open)}</td>
                <td className={`text-end tabular-nums${r.overdue > 0 ? ' text-danger-emphasis fw-semibold' : ''}`}>{formatCount(r.overdue)}</td>
                <td className="text-end tabular-nums">{sinceText(r.oldest_created_at, now)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      {review.urgent_cases.length > 0 && (
        <>
          <h3 className="h6 fw-semibold mb-1">Due first</h3>
          <ul className="list-unstyled mb-0 dashboard-list" aria-label="Reviews due first">
            {review.urgent_cases.map((c) => (
              <li key={c.task_id} className="py-2 small">
                <div className="d-flex flex-wrap justify-content-between gap-2">
                  {monitor ? (
                    <Link to={reviewCasePath(c.application_id, c.overdue)} className="fw-semibold">
                      {c.applicant_name}
                    </Link>
                  ) : (
                    <span className="fw-semibold">{c.applicant_name}</span>
                  )}
                  {c.overdue ? (
                    <span className="text-danger-emphasis tabular-nums">overdue by {sinceText(c.due_at, now)}</span>
                  ) : (
                    <span className="text-body-secondary tabular-nums">due in {untilText(c.due_at, now)}</span>
                  )}
                </div>
                <div className="text-body-secondary">
                  {c.workflow_name ?? 'Deleted workflow'} · {c.step_name} · {roleLabel(c.assignee_role)}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

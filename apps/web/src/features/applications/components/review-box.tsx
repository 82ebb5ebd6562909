import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { ReviewTask } from '@admin-portal/contract/applications/api';
import { roleLabel } from '@admin-portal/contract/role-names';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';
import { useAssignReview, useClaimReview, useReleaseReview } from '../api/review-work-api.ts';
import type { ApplicationAbilities } from '../lib/abilities.ts';
import { dueLabel, mayDecide } from '../lib/application-display.ts';
import { holderOf } from '../lib/review-holder.ts';
import { AssignReviewDialog } from './assign-review-dialog.tsx';

interface Props {
  task: ReviewTask;
  abilities: ApplicationAbilities;
  applicantName: string;
  now: number;
  /** On a four-eyes step's second decision: the first review, decided. */
  first?: ReviewTask | undefined;
  onDecide: (kind: 'approve' | 'reject', task: ReviewTask) => void;
}

/**
 * One open review of a case: what to check, its role and deadline, who has it (claimed, or assigned by a lead), and
 * what the user may do — claim it, give it back, assign it (leads), decide it (its holder, or anyone of its role
 * while nobody has it). The server checks each of these again.
 */
export function ReviewBox({ task, abilities, applicantName, now, first, onDecide }: Props) {
  const claim = useClaimReview();
  const release = useReleaseReview();
  const assign = useAssignReview();
  const [assigning, setAssigning] = useState<{ open: boolean } | null>(null);
  useUnmountWhenClosed(assigning, setAssigning);
  const [assignError, setAssignError] = useState<string | null>(null);

  // Four eyes: whoever gave the first decision never gives the second (the server refuses it too).
  const gaveFirst = first !== undefined && first.decided_by === abilities.userId;
  const decides = mayDecide(abilities.role, task.assignee_role) && !gaveFirst;
  const mine = task.claimed_by === abilities.userId;
  const free = task.claimed_by === null;
  const busy = claim.isPending || release.isPending || assign.isPending;

  const change = async (run: () => Promise<ReviewTask>, title: typeof TOAST_TITLES.reviewClaimed, message: (t: ReviewTask) => string) => {
    try {
      notify({ type: 'success', title, message: message(await run()) });
    } catch (err) {
      notify({ type: 'error', title: TOAST_TITLES.reviewNotChanged, message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <div className={`review-box border rounded p-3 mb-3${task.overdue ? ' border-danger' : ''}`} data-review-task={task.id}>
      <div className="fw-semibold">{task.step_name}</div>
      {task.instructions && <p className="small mb-2">{task.instructions}</p>}
      <div className="small text-body-secondary mb-2">
        Decided by {roleLabel(task.assignee_role)} · due {dueLabel(task.due_at, now)}
        {task.overdue && <span className="badge text-bg-danger ms-2">Overdue</span>}
        {task.escalated_at && <span className="badge text-bg-warning ms-2">Escalated</span>}
      </div>
      {task.stage === 2 && (
        <p className="small mb-2" data-testid="review-first-decision">
          <span className="badge text-bg-info me-2">Second decision</span>
          {first ? (
            <>
              First: {first.status} by {first.decided_by_email ?? 'a former member of staff'}
              {first.comment && <span className="text-body-secondary"> — “{first.comment}”</span>}
            </>
          ) : (
            'A first decision was given; this one is by someone else.'
          )}
        </p>
      )}
      <p className="small mb-2" data-testid="review-holder">
        {free ? (
          <span className="text-body-secondary">Nobody has claimed this review yet.</span>
        ) : (
          <>
            <span className="fw-semibold">{mine ? 'You have this review' : `${holderOf(task)} has this review`}</span>
            {task.assigned_by_email && <span className="text-body-secondary"> · assigned by {task.assigned_by_email}</span>}
          </>
        )}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {decides && (free || mine) && (
          <>
            <Button variant="success" size="sm" onClick={() => onDecide('approve', task)} disabled={busy}>
              Approve
            </Button>
            <Button variant="outline-danger" size="sm" onClick={() => onDecide('reject', task)} disabled={busy}>
              Reject
            </Button>
          </>
        )}
        {decides && free && (
          <Button
            variant="outline-primary"
            size="sm"
            disabled={busy}
            onClick={() =>
              void change(
                () => claim.mutateAsync(task.id),
                TOAST_TITLES.reviewClaimed,
                () => `${applicantName}: ${task.step_name} is yours.`,
              )
            }
          >
            Claim
          </Button>
        )}
        {!free && (mine || abilities.manageReviews) && (
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              void change(
                () => release.mutateAsync(task.id),
                TOAST_TITLES.reviewReleased,
                () => `${applicantName}: ${task.step_name} is back in the queue.`,
              )
            }
          >
            Release
          </Button>
        )}
        {abilities.manageReviews && (
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={busy}
            onClick={() => {
              setAssignError(null);
              setAssigning({ open: true });
            }}
          >
            {free ? 'Assign…' : 'Reassign…'}
          </Button>
        )}
      </div>
      {gaveFirst && <p className="small text-body-secondary mt-2 mb-0">You gave the first decision; the second must come from someone else.</p>}
      {!decides && !gaveFirst && (
        <p className="small text-body-secondary mt-2 mb-0">Only the {roleLabel(task.assignee_role)} role or an administrator can decide this review.</p>
      )}
      {decides && !free && !mine && <p className="small text-body-secondary mt-2 mb-0">Only {holderOf(task)} can decide it while they have it.</p>}
      {assigning && (
        <AssignReviewDialog
          task={task}
          show={assigning.open}
          busy={assign.isPending}
          error={assignError}
          onClose={() => setAssigning({ open: false })}
          onExited={() => setAssigning(null)}
          onAssign={(userId) => {
            setAssignError(null);
            assign.mutateAsync({ taskId: task.id, body: { user_id: userId } }).then(
              (t) => {
                setAssigning({ open: false });
                notify({ type: 'success', title: TOAST_TITLES.reviewAssigned, message: `${applicantName}: ${task.step_name} is now with ${holderOf(t)}.` });
              },
              (err: unknown) => setAssignError(err instanceof Error ? err.message : String(err)),
            );
          }}
        />
      )}
    </div>
  );
}

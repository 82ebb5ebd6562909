import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { displayName } from '../../../shared/lib/display-name.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { deleteUser } from '../api/delete-user.ts';
import { USERS_KEY } from '../api/get-users.ts';
import { unlockUser } from '../api/unlock-user.ts';
import { updateUser } from '../api/update-user.ts';
import { BULK_ACTIONS, bulkSummary, partitionForBulk, runBulk, type BulkAction, type BulkTarget } from '../lib/bulk.ts';

interface Props {
  show: boolean;
  action: BulkAction;
  users: readonly BulkTarget[];
  onClose: () => void;
  /** Called after the run with the users the server refused, so they stay selected. */
  onDone: (failed: BulkTarget[]) => void;
}

const CALLS: Record<BulkAction, (user: BulkTarget) => Promise<unknown>> = {
  unlock: (u) => unlockUser(u.id),
  activate: (u) => updateUser(u.id, { is_active: true }),
  deactivate: (u) => updateUser(u.id, { is_active: false }),
  delete: (u) => deleteUser(u.id),
};

const LISTED = 8;
const users = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

/** Confirms a bulk action, then calls the per-user endpoint for each selected user in turn and sums up. */
export function BulkActionDialog({ show, action, users: selected, onClose, onDone }: Props) {
  const queryClient = useQueryClient();
  const info = BULK_ACTIONS[action];
  const { apply, unchanged } = partitionForBulk(action, selected);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const running = progress !== null;

  async function onConfirm() {
    setProgress({ done: 0, total: apply.length });
    const outcomes = await runBulk(
      apply,
      async (u) => void (await CALLS[action](u)),
      (done, total) => setProgress({ done, total }),
    );
    await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    notify(bulkSummary(action, outcomes, unchanged.length));
    onDone(outcomes.filter((o) => !o.ok).map((o) => o.user));
    setProgress(null);
    onClose();
  }

  const titleId = 'bulk-action-title';
  return (
    <Modal show={show} onHide={running ? () => undefined : onClose} backdrop={running ? 'static' : true} keyboard={!running} aria-labelledby={titleId} centered>
      <Modal.Header closeButton={!running}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {info.label} {users(selected.length)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {apply.length > 0 ? (
          <>
            <p className="mb-2">
              {info.label} {apply.length === 1 ? 'this user' : `these ${users(apply.length)}`}?{action === 'delete' && ' This cannot be undone.'}
            </p>
            <ul className="small mb-2" aria-label={`Users to ${info.label.toLowerCase()}`}>
              {apply.slice(0, LISTED).map((u) => (
                <li key={u.id}>
                  <strong>{displayName(u)}</strong> <span className="text-body-secondary">({u.email})</span>
                </li>
              ))}
              {apply.length > LISTED && <li className="text-body-secondary">…and {apply.length - LISTED} more</li>}
            </ul>
          </>
        ) : (
          <p className="mb-2">None of the selected users needs this.</p>
        )}
        {unchanged.length > 0 && (
          <p className="small text-body-secondary mb-2">
            {users(unchanged.length)} {unchanged.length === 1 ? 'is' : 'are'} {info.unchangedReason} and will be left as{' '}
            {unchanged.length === 1 ? 'is' : 'they are'}.
          </p>
        )}
        <p className="small text-body-secondary mb-0">
          Each user is updated on its own; the server may refuse some (for example your own account), and you will see which.
        </p>
        {progress && (
          <div className="mt-3" role="status">
            <ProgressBar now={progress.total ? (progress.done / progress.total) * 100 : 100} aria-label={`${info.label} progress`} />
            <div className="small text-body-secondary mt-1">
              {progress.done} of {progress.total} done…
            </div>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={running} autoFocus>
          Cancel
        </Button>
        <Button variant={info.danger ? 'danger' : 'primary'} onClick={() => void onConfirm()} disabled={running || apply.length === 0}>
          {running && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {info.label} {users(apply.length)}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

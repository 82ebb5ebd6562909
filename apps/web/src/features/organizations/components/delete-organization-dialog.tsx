import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Organization } from '@admin-portal/contract/organizations';
import { ApiError } from '../../../shared/api/api-result.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';

interface Props {
  show: boolean;
  organization: Organization;
  onClose: () => void;
}

const users = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

/** Asks before deleting; the server refuses (409) while the organization still has users, and the dialog says why. */
export function DeleteOrganizationDialog({ show, organization, onClose }: Props) {
  const remove = useDeleteOrganization();
  const [refusal, setRefusal] = useState<{ conflict: boolean; message: string } | null>(null);

  async function onDelete() {
    setRefusal(null);
    try {
      await remove.mutateAsync(organization.id);
      notify({ type: 'success', title: TOAST_TITLES.organizationDeleted, message: `“${organization.name}” has been deleted.` });
      onClose();
    } catch (err) {
      setRefusal({ conflict: err instanceof ApiError && err.status === 409, message: err instanceof Error ? err.message : String(err) });
    }
  }

  const titleId = 'delete-organization-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Delete organization
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Delete <strong>{organization.name}</strong>? This cannot be undone.
        </p>
        {organization.user_count > 0 && !refusal && (
          <p className="text-body-secondary small mb-0">
            It has {users(organization.user_count)}. An organization can only be deleted once its users have been moved or deleted.
          </p>
        )}
        {refusal && (
          <Alert variant={refusal.conflict ? 'warning' : 'danger'} className="mb-0" role="alert">
            {refusal.conflict && (
              <Alert.Heading as="h3" className="h6">
                This organization cannot be deleted yet
              </Alert.Heading>
            )}
            <p className="mb-0">{refusal.message}</p>
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} autoFocus>
          {refusal?.conflict ? 'Back to the list' : 'Cancel'}
        </Button>
        {!refusal?.conflict && (
          <Button variant="danger" onClick={() => void onDelete()} disabled={remove.isPending}>
            {remove.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Delete organization
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}

import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { WorkflowSummary } from '@admin-portal/contract/workflows/api';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { useSetStartLink, useStartLink } from '../api/workflows-api.ts';

interface Props {
  show: boolean;
  workflow: WorkflowSummary;
  onClose: () => void;
}

/**
 * A workflow's public start link (issue 34): on, it is an address anyone can open to start an application on the
 * applicant's own pages; off, the address stops working, and turning it on again makes a new one.
 */
export function StartLinkDialog({ show, workflow, onClose }: Props) {
  const link = useStartLink(workflow.id);
  const set = useSetStartLink();
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const url = link.data?.url ?? null;

  async function toggle(enabled: boolean) {
    setError(null);
    try {
      await set.mutateAsync({ id: workflow.id, enabled });
      await link.refetch();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="start-link-title">
      <Modal.Header closeButton>
        <Modal.Title id="start-link-title" as="h2" className="h5">
          Start link: {workflow.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small">
          Applicants open the start link on any device, tell who they are and fill in the workflow’s forms on their own pages, in your organization’s colours.
          Each gets an e-mail with a personal link to come back by.
        </p>
        {link.isError && <Alert variant="danger">{link.error.message}</Alert>}
        <Form.Check
          type="switch"
          role="switch"
          id="start-link-switch"
          label="Applicants can start by a public link"
          checked={url !== null}
          disabled={link.isPending || set.isPending}
          onChange={(e) => void toggle(e.currentTarget.checked)}
        />
        {url && (
          <div className="mt-3">
            <label htmlFor="start-link-url" className="form-label small mb-1">
              The start link
            </label>
            <div className="d-flex gap-2 align-items-center">
              <input id="start-link-url" ref={field} className="form-control form-control-sm" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton text={url} what="start link" target={() => field.current} />
            </div>
            <p className="small text-body-secondary mt-2 mb-0">
              {workflow.status === 'active'
                ? 'It takes applicants while the workflow is active and your organization’s applicant setting is “Anyone with a workflow’s start link”.'
                : 'It takes applicants once the workflow is active.'}{' '}
              Turning it off stops this address for good.
            </p>
          </div>
        )}
        {error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

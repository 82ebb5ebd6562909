import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Placeholder from 'react-bootstrap/Placeholder';

interface Props<T> {
  show: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  /** What is loading, for a screen reader ("settings"). */
  loading: string;
  query: { data: T | undefined; isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/** A dialog of one organization's that first loads what it edits: a placeholder, then the form, or the error with "Try again". */
export function OrganizationDialogFrame<T>({ show, onClose, titleId, title, loading, query, children }: Props<T>) {
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered size="lg">
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {query.data !== undefined && children(query.data)}
      {query.isPending && (
        <Modal.Body aria-busy="true">
          <Placeholder as="div" animation="glow">
            <Placeholder xs={5} /> <Placeholder xs={8} /> <Placeholder xs={6} />
          </Placeholder>
          <span className="visually-hidden">Loading {loading}…</span>
        </Modal.Body>
      )}
      {query.isError && (
        <Modal.Body>
          <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3 mb-0">
            <span>{query.error?.message}</span>
            <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        </Modal.Body>
      )}
    </Modal>
  );
}

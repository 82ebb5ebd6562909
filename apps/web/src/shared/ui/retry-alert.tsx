import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

interface Props {
  /** What went wrong (usually "… could not be loaded: <the error>"). */
  children: ReactNode;
  onRetry: () => unknown;
  retryLabel?: string;
  /** More classes for the alert (e.g. mb-0). */
  className?: string;
}

/** A failed load: what went wrong, and a button to try again. */
export function RetryAlert({ children, onRetry, retryLabel = 'Retry', className }: Props) {
  return (
    <Alert
      variant="danger"
      className={className ? `${className} d-flex align-items-center justify-content-between gap-3` : 'd-flex align-items-center justify-content-between gap-3'}
    >
      <span>{children}</span>
      <Button variant="outline-danger" size="sm" onClick={() => void onRetry()}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

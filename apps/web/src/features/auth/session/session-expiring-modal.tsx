import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { formatCountdown, remainingFraction } from './idle-timing.ts';

interface SessionExpiringModalProps {
  show: boolean;
  remainingMs: number;
  busy: 'extend' | 'logout' | null;
  onExtend: () => void;
  onLogout: () => void;
}

const ignore = () => {};

/**
 * Spec §4: the non-dismissible 'Session Expiring' warning. No close button, a static backdrop and no Escape:
 * only 'Extend Session' or 'Logout Now' (or the countdown) ends it.
 */
export function SessionExpiringModal({ show, remainingMs, busy, onExtend, onLogout }: SessionExpiringModalProps) {
  const id = useId();
  const countdown = formatCountdown(remainingMs);
  const percent = Math.round(remainingFraction(remainingMs) * 100);
  return (
    <Modal
      show={show}
      onHide={ignore}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="session-expiring-modal"
    >
      <Modal.Header>
        <Modal.Title id={`${id}-title`} as="h2" className="h5 d-flex align-items-center gap-2">
          <span className="text-warning" aria-hidden="true">
            ⚠
          </span>
          Session Expiring
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={`${id}-text`} className="mb-3">
          You have been inactive for a while. For your security you will be signed out when the countdown ends.
        </p>
        <div className="text-center mb-3">
          <div className="small text-body-secondary" id={`${id}-countdown-label`}>
            Time remaining
          </div>
          <div className="display-6 fw-semibold font-monospace" role="timer" aria-labelledby={`${id}-countdown-label`}>
            {countdown}
          </div>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label="Time remaining before sign-out"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={countdown}
          style={{ height: '0.5rem' }}
        >
          <div className="progress-bar bg-warning" style={{ width: `${percent}%` }} />
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onLogout} disabled={busy !== null}>
          Logout Now
        </Button>
        <Button variant="primary" onClick={onExtend} disabled={busy !== null} autoFocus>
          {busy === 'extend' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Extend Session
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

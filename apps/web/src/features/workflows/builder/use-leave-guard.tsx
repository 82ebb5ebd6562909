import { useEffect, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useBlocker } from 'react-router';

/**
 * The unsaved-changes guard: leaving the page inside the app asks first, and closing or reloading the tab
 * gets the browser's own warning. Changing only the query (a new workflow getting its ?id=) is not leaving.
 */
export function useLeaveGuard(active: boolean): ReactNode {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return (
    <Modal show={blocker.state === 'blocked'} onHide={() => blocker.reset?.()} centered aria-labelledby="leave-guard-title">
      <Modal.Header closeButton>
        <Modal.Title id="leave-guard-title">Leave without saving?</Modal.Title>
      </Modal.Header>
      <Modal.Body>This workflow has changes that are not saved. If you leave now, they are lost.</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

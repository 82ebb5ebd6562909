/**
 * What the canvas holds when an active workflow has a draft beside its live version (ADR 0062): on the live version,
 * that a draft is waiting and the way to open it; on the draft, that applications still start on the live version,
 * the way back to it, and Discard.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { TOAST_CLEAR } from '../../../shared/notifications/toast-clearance.ts';
import type { WorkflowMeta } from './workflow-meta.ts';

interface Props {
  meta: WorkflowMeta;
  readOnly: boolean;
  dirty: boolean;
  onOpen: (draft: number | null) => void;
  onDiscard: () => Promise<void>;
}

type Asked = { kind: 'open'; draft: number | null } | { kind: 'discard' };

export function DraftBanner({ meta, readOnly, dirty, onOpen, onDiscard }: Props) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  if (meta.status !== 'active' || (meta.draftVersion === null && meta.pendingVersion === null)) return null;

  // Opening the other graph discards what is not saved here: asked first, as leaving the page is.
  const open = (draft: number | null) => (dirty && !readOnly ? setAsked({ kind: 'open', draft }) : onOpen(draft));
  const confirm = async () => {
    if (!asked) return;
    if (asked.kind === 'open') return onOpen(asked.draft);
    setBusy(true);
    try {
      await onDiscard();
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  return (
    <>
      <section
        {...TOAST_CLEAR}
        className="alert alert-warning rounded-0 border-start-0 border-end-0 mb-0 py-1 px-3 small d-flex flex-wrap align-items-center gap-2"
        aria-label="Draft beside the live version"
      >
        {meta.draftVersion === null ? (
          <>
            <span className="me-auto">
              <strong>Version {meta.pendingVersion} is a draft saved beside this live version</strong> and is not live.
              {!readOnly && ' Saving here goes live, and that draft can then no longer be published.'}
            </span>
            <Button size="sm" variant="warning" className="py-0" onClick={() => open(meta.pendingVersion)}>
              Open the draft
            </Button>
          </>
        ) : (
          <>
            <span className="me-auto">
              <strong>Draft version {meta.draftVersion}</strong>, saved beside live version {meta.version}: applications start on version {meta.version} until
              this draft is published.
            </span>
            <Button size="sm" variant="outline-secondary" className="py-0" onClick={() => open(null)}>
              Open the live version
            </Button>
            {!readOnly && (
              <Button size="sm" variant="outline-danger" className="py-0" onClick={() => setAsked({ kind: 'discard' })}>
                Discard draft
              </Button>
            )}
          </>
        )}
      </section>
      <Modal show={asked !== null} onHide={() => setAsked(null)} centered aria-labelledby="draft-banner-title">
        <Modal.Header closeButton>
          <Modal.Title id="draft-banner-title" as="h2" className="h5">
            {asked?.kind === 'discard' ? `Discard draft version ${meta.draftVersion}?` : 'Leave without saving?'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {asked?.kind === 'discard'
            ? `The draft is set aside and stays in the history as a discarded draft. Version ${meta.version} stays live.`
            : 'The canvas has changes that are not saved. If you open the other version now, they are lost.'}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setAsked(null)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
            {asked?.kind === 'discard' ? 'Discard draft' : 'Open without saving'}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

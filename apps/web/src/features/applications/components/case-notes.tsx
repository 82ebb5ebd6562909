import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { APPLICATION_MESSAGES, NOTE_MAX_FILES, NOTE_MAX_LENGTH, type CaseNote } from '@admin-portal/contract/applications/api';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { Markdown } from '../../../shared/ui/markdown.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useAddNote, useAttachNoteFile, useCaseNotes, useEditNote, useRedactNote } from '../api/review-work-api.ts';
import { mayRedactNotes, mayWriteNotes, type ApplicationAbilities } from '../lib/abilities.ts';
import { ConfirmActionDialog } from './action-dialogs.tsx';
import { attachFiles, NoteFiles } from './note-files.tsx';

interface Props {
  applicationId: string;
  abilities: ApplicationAbilities;
  dateFormat: DateFormats;
  now: number;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * A case's staff notes (never shown to the applicant): markdown through the shared safe renderer, oldest first; its
 * author changes a note for 5 minutes (its files too), an administrator redacts one (a trace stays, the files go); a
 * colleague mentioned as @their-email is notified. Who may write follows the server's rule (the roles that work reviews).
 */
export function CaseNotes({ applicationId, abilities, dateFormat, now }: Props) {
  const notes = useCaseNotes(applicationId);
  const addNote = useAddNote();
  const editNote = useEditNote();
  const redactNote = useRedactNote();
  const attach = useAttachNoteFile();
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const [fileInput, setFileInput] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string; error: string | null } | null>(null);
  const [redacting, setRedacting] = useState<CaseNote | null>(null);
  const [redactError, setRedactError] = useState<string | null>(null);

  const submit = async () => {
    if (!draft.trim()) return setProblem(APPLICATION_MESSAGES.noteRequired);
    setProblem(null);
    let note: CaseNote;
    try {
      note = await addNote.mutateAsync({ applicationId, body: { body: draft.trim() } });
    } catch (err) {
      return setProblem(message(err));
    }
    const refused = await attachFiles(attach, applicationId, note.id, files);
    setDraft('');
    setFiles([]);
    setTooMany(false);
    setFileInput((n) => n + 1);
    if (refused.length === 0) notify({ type: 'success', title: TOAST_TITLES.noteAdded, message: 'Only staff see it.' });
    // The note is there; what was refused can be attached to it again for 5 minutes.
    else notify({ type: 'error', title: TOAST_TITLES.noteNotSaved, message: `The note is added without ${refused.join('; ')}` });
  };
  const saveEdit = async () => {
    if (!editing) return;
    if (!editing.text.trim()) return setEditing({ ...editing, error: APPLICATION_MESSAGES.noteRequired });
    try {
      await editNote.mutateAsync({ applicationId, noteId: editing.id, body: { body: editing.text.trim() } });
      setEditing(null);
    } catch (err) {
      setEditing({ ...editing, error: message(err) });
    }
  };

  if (notes.isError) return <RetryAlert onRetry={() => void notes.refetch()}>The notes could not be loaded: {notes.error.message}</RetryAlert>;
  const items = notes.data?.items ?? [];
  return (
    <>
      {notes.isSuccess && items.length === 0 && (
        <p className="small text-body-secondary">No notes yet. Notes are for staff only; the applicant never sees them.</p>
      )}
      <ol className="list-unstyled mb-3" aria-label="Notes">
        {items.map((n) => {
          const editable = n.author_id === abilities.userId && !n.redacted_at && Date.parse(n.editable_until) > now;
          return (
            <li key={n.id} className="border rounded p-2 mb-2 small" data-note-id={n.id}>
              <div className="d-flex flex-wrap justify-content-between gap-2 text-body-secondary mb-1">
                <span>
                  <span className="fw-semibold text-body">{n.author_email}</span> ·{' '}
                  <time dateTime={n.created_at}>{dateFormat.full.format(new Date(n.created_at))}</time>
                  {n.edited_at && ' · edited'}
                </span>
                <span className="d-flex gap-2">
                  {editable && editing?.id !== n.id && (
                    <Button variant="link" size="sm" className="p-0" onClick={() => setEditing({ id: n.id, text: n.body, error: null })}>
                      Edit
                    </Button>
                  )}
                  {mayRedactNotes(abilities.role) && !n.redacted_at && (
                    <Button variant="link" size="sm" className="p-0 text-danger" onClick={() => setRedacting(n)}>
                      Redact
                    </Button>
                  )}
                </span>
              </div>
              {n.redacted_at ? (
                <p className="fst-italic text-body-secondary mb-0">
                  Redacted by {n.redacted_by_email} on {dateFormat.full.format(new Date(n.redacted_at))}.
                </p>
              ) : editing?.id === n.id ? (
                <Form
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    void saveEdit();
                  }}
                >
                  <Form.Control
                    as="textarea"
                    rows={3}
                    aria-label="Change the note"
                    maxLength={NOTE_MAX_LENGTH}
                    value={editing.text}
                    onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                    isInvalid={editing.error !== null}
                  />
                  <Form.Control.Feedback type="invalid">{editing.error}</Form.Control.Feedback>
                  <div className="d-flex gap-2 mt-2">
                    <Button type="submit" size="sm" disabled={editNote.isPending}>
                      Save
                    </Button>
                    <Button size="sm" variant="outline-secondary" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                  </div>
                </Form>
              ) : (
                <Markdown source={n.body} anchors={false} portalLinksOnly className="case-note-body" />
              )}
              {!n.redacted_at && <NoteFiles applicationId={applicationId} note={n} editable={editable} />}
            </li>
          );
        })}
      </ol>
      {mayWriteNotes(abilities.role) && (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Form.Group controlId="case-note-new">
            <Form.Label className="small">Add a note</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              isInvalid={problem !== null}
              aria-describedby="case-note-help"
            />
            <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
            <Form.Text id="case-note-help">Markdown. Mention a colleague with @ and their e-mail address: they are notified. Staff only.</Form.Text>
          </Form.Group>
          <Form.Group controlId="case-note-files" className="mt-2">
            <Form.Label className="small mb-1">Attach files (optional, at most {NOTE_MAX_FILES})</Form.Label>
            <Form.Control
              key={fileInput}
              type="file"
              size="sm"
              multiple
              isInvalid={files.length === NOTE_MAX_FILES && tooMany}
              onChange={(e) => {
                const all = [...((e.target as HTMLInputElement).files ?? [])];
                setTooMany(all.length > NOTE_MAX_FILES);
                setFiles(all.slice(0, NOTE_MAX_FILES));
              }}
            />
            {/* Past the limit the first ten are kept, and it is said. */}
            <Form.Control.Feedback type="invalid">
              {APPLICATION_MESSAGES.noteFilesFull(NOTE_MAX_FILES)}: the first {NOTE_MAX_FILES} are attached.
            </Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" size="sm" className="mt-2" disabled={addNote.isPending || attach.isPending}>
            {addNote.isPending ? 'Adding…' : attach.isPending ? 'Attaching files…' : 'Add note'}
          </Button>
        </Form>
      )}
      {redacting && (
        <ConfirmActionDialog
          show
          title="Redact note"
          confirmLabel="Redact"
          variant="danger"
          busy={redactNote.isPending}
          error={redactError}
          onClose={() => {
            setRedacting(null);
            setRedactError(null);
          }}
          onConfirm={() => {
            redactNote.mutateAsync({ applicationId, noteId: redacting.id }).then(
              () => {
                setRedacting(null);
                notify({ type: 'success', title: TOAST_TITLES.noteRedacted, message: 'Its text is gone; who redacted it and when stay.' });
              },
              (err: unknown) => setRedactError(message(err)),
            );
          }}
        >
          <p className="mb-0">
            Remove the text of {redacting.author_email}’s note? It cannot be undone; the note stays in the thread as redacted, with your name and the time.
          </p>
        </ConfirmActionDialog>
      )}
    </>
  );
}

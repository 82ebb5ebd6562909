import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { APPLICATION_MESSAGES, NOTE_MAX_FILES, type CaseNote } from '@admin-portal/contract/applications/api';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { downloadNoteFile, useAttachNoteFile, useRemoveNoteFile } from '../api/review-work-api.ts';
import { formatBytes } from '../lib/application-display.ts';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Sends the files to the note one after another (each its own request, within the upload limit); answers what went
 * wrong, one line per file refused, so the rest still arrive.
 */
export async function attachFiles(
  attach: ReturnType<typeof useAttachNoteFile>,
  applicationId: string,
  noteId: string,
  files: readonly File[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const file of files) {
    try {
      await attach.mutateAsync({ applicationId, noteId, file });
    } catch (err) {
      problems.push(`${file.name}: ${message(err)}`);
    }
  }
  return problems;
}

interface Props {
  applicationId: string;
  note: CaseNote;
  /** Its author, within the 5 minutes: files can be added and taken off. */
  editable: boolean;
}

/** A note's files: each downloads (never opens in the page); its author adds or takes them off while the note may change. */
export function NoteFiles({ applicationId, note, editable }: Props) {
  const attach = useAttachNoteFile();
  const remove = useRemoveNoteFile();
  const [problems, setProblems] = useState<string[]>([]);
  const inputId = useId();
  const room = NOTE_MAX_FILES - note.files.length;

  const download = (file: CaseNote['files'][number]) =>
    downloadNoteFile(applicationId, note.id, file).catch((err: unknown) =>
      notify({ type: 'error', title: TOAST_TITLES.downloadFailed, message: message(err) }),
    );

  if (note.files.length === 0 && !editable) return null;
  return (
    <div className="mt-2">
      {note.files.length > 0 && (
        <ul className="list-unstyled mb-1" aria-label={`Files of ${note.author_email}’s note`}>
          {note.files.map((f) => (
            <li key={f.id} className="d-flex flex-wrap align-items-center gap-2">
              <Button variant="link" size="sm" className="p-0 text-break text-start" onClick={() => void download(f)} aria-label={`Download ${f.file_name}`}>
                <i className="bi bi-paperclip" aria-hidden="true" /> {f.file_name}
              </Button>
              <span className="text-body-secondary">{formatBytes(f.size_bytes)}</span>
              {editable && (
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 text-danger"
                  aria-label={`Remove ${f.file_name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove
                      .mutateAsync({ applicationId, noteId: note.id, fileId: f.id })
                      .catch((err: unknown) => notify({ type: 'error', title: TOAST_TITLES.noteNotSaved, message: message(err) }))
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && room > 0 && (
        <>
          <label htmlFor={inputId} className="btn btn-link btn-sm p-0">
            {attach.isPending ? 'Attaching…' : 'Attach files'}
          </label>
          <input
            id={inputId}
            type="file"
            multiple
            className="visually-hidden"
            disabled={attach.isPending}
            onChange={(e) => {
              const all = [...(e.target.files ?? [])];
              const chosen = all.slice(0, room);
              e.target.value = '';
              // Past the note's limit: said, not dropped without a word.
              const left = all.slice(room).map((f) => `${f.name}: ${APPLICATION_MESSAGES.noteFilesFull(NOTE_MAX_FILES)}`);
              void attachFiles(attach, applicationId, note.id, chosen).then((problems) => setProblems([...problems, ...left]));
            }}
          />
        </>
      )}
      {problems.length > 0 && (
        <ul className="text-danger small mb-0 mt-1" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import type { AuditLogEntry } from '@admin-portal/contract/system/audit';
import { changeRows } from '@admin-portal/contract/system/audit-changes';
import { auditActionLabel, auditTargetLabel } from '@admin-portal/contract/system/audit-actions';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { actorLabel } from '../lib/labels.ts';

interface Props {
  entry: AuditLogEntry | null;
  show: boolean;
  onClose: () => void;
  onExited: () => void;
  format: DateFormats;
}

function Value({ value }: { value: unknown }) {
  if (value === undefined) return <span className="text-body-secondary">—</span>;
  if (value === null) return <span className="text-body-secondary fst-italic">empty</span>;
  if (typeof value === 'string') return <span className="audit-value">{value}</span>;
  return <code className="audit-value">{JSON.stringify(value, null, 1)}</code>;
}

/** One audit row in full: what (in words, and its code), who, when, from where, and the change as before → after per field. */
export function AuditDetailDialog({ entry, show, onClose, onExited, format }: Props) {
  const titleId = useId();
  const rows = entry ? changeRows(entry.changes) : [];
  const hasDiff = rows.some((r) => r.diff);
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} aria-labelledby={titleId} size="lg" centered scrollable>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {entry ? auditActionLabel(entry.action) : 'Audit entry'}
        </Modal.Title>
      </Modal.Header>
      {entry && (
        <Modal.Body>
          <dl className="audit-facts row mb-4">
            <dt className="col-sm-3">Action</dt>
            <dd className="col-sm-9">
              <code>{entry.action}</code>
            </dd>
            <dt className="col-sm-3">When</dt>
            <dd className="col-sm-9">
              <time dateTime={entry.created_at}>{format.full.format(new Date(entry.created_at))}</time>
            </dd>
            <dt className="col-sm-3">Actor</dt>
            <dd className="col-sm-9">
              {actorLabel(entry)}
              {entry.actor.name && entry.actor.email && <span className="text-body-secondary"> ({entry.actor.email})</span>}
            </dd>
            <dt className="col-sm-3">Change</dt>
            <dd className="col-sm-9">{entry.summary || '—'}</dd>
            <dt className="col-sm-3">Target</dt>
            <dd className="col-sm-9">
              {entry.target_name ? `${entry.target_name} (${auditTargetLabel(entry.target_type)})` : auditTargetLabel(entry.target_type)}
              <div className="small text-body-secondary">
                <code>{entry.target_type}</code>
                {entry.target_id && <code className="ms-2 text-break">{entry.target_id}</code>}
              </div>
            </dd>
            <dt className="col-sm-3">Organization</dt>
            <dd className="col-sm-9">{entry.organization ? (entry.organization.name ?? entry.organization.id) : '—'}</dd>
            <dt className="col-sm-3">IP address</dt>
            <dd className="col-sm-9">{entry.ip ?? '—'}</dd>
            <dt className="col-sm-3">Request id</dt>
            <dd className="col-sm-9">{entry.request_id ? <code>{entry.request_id}</code> : '—'}</dd>
          </dl>
          <h3 className="h6">Changes</h3>
          {rows.length === 0 ? (
            <p className="text-body-secondary mb-0">No details were recorded for this action.</p>
          ) : (
            <Table size="sm" bordered className="audit-diff mb-0" aria-label="Changes">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  {hasDiff && <th scope="col">Before</th>}
                  <th scope="col">{hasDiff ? 'After' : 'Value'}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.field}>
                    <th scope="row">{row.field}</th>
                    {hasDiff && (
                      <td className={row.diff ? 'audit-before' : undefined}>
                        <Value value={row.diff ? row.from : undefined} />
                      </td>
                    )}
                    <td className={row.diff ? 'audit-after' : undefined}>
                      <Value value={row.to} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Modal.Body>
      )}
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

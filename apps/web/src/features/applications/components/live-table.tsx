import { useMemo, type ReactNode } from 'react';
import type { ApplicationSummary } from '@admin-portal/contract/applications/api';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { usePageWindow } from '../../../shared/ui/data-table/use-page-window.ts';
import { dueLabel } from '../lib/application-display.ts';
import { ApplicationStatusBadge } from './application-status-badge.tsx';

export const LIVE_ROW_HEIGHT = 57;
const sameDay = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();

interface Props {
  rows: ApplicationSummary[];
  loading: boolean;
  busy: boolean;
  changes: ReadonlyMap<string, number>;
  added: ReadonlySet<string>;
  dateFormat: DateFormats;
  onOpen: (id: string) => void;
  empty: ReactNode;
}

/**
 * The monitor's columns (shared with its CSV export). As the table narrows, Received goes first, then Last change,
 * Current step, Workflow and Review due; the applicant and the status stay. The case's drawer shows them all.
 */
export function applicationColumns(dateFormat: DateFormats, onOpen: (id: string) => void): DataColumn<ApplicationSummary>[] {
  return [
    {
      id: 'applicant',
      header: 'Applicant',
      grow: true,
      cell: (a) => (
        <>
          <button
            type="button"
            className="btn btn-link p-0 fw-semibold text-decoration-none text-start dt-ellipsis-inline"
            title={a.applicant_name || undefined}
            onClick={() => onOpen(a.id)}
          >
            {a.applicant_name || 'Unnamed applicant'}
          </button>
          <div className="small text-body-secondary dt-ellipsis" title={a.applicant_email || a.external_ref || undefined}>
            {a.applicant_email || a.external_ref || '—'}
          </div>
        </>
      ),
      csv: (a) => a.applicant_name,
    },
    { id: 'email', header: 'Email', cell: () => null, csv: (a) => a.applicant_email },
    {
      id: 'workflow',
      header: 'Workflow',
      priority: 3,
      className: 'monitor-text-cell',
      cell: (a) => (
        <span className="dt-ellipsis" title={a.workflow_name}>
          {a.workflow_name}
        </span>
      ),
      csv: (a) => a.workflow_name,
    },
    {
      id: 'step',
      header: 'Current step',
      priority: 4,
      className: 'monitor-text-cell',
      cell: (a) =>
        a.current_step_name ? (
          <span className="dt-ellipsis" title={a.current_step_name}>
            {a.current_step_name}
          </span>
        ) : (
          <span className="text-body-secondary">—</span>
        ),
      csv: (a) => a.current_step_name,
    },
    { id: 'status', header: 'Status', cell: (a) => <ApplicationStatusBadge application={a} />, csv: (a) => a.status },
    {
      id: 'due',
      header: 'Review due',
      priority: 2,
      cell: (a) =>
        a.review_due_at ? (
          <span className={a.overdue ? 'text-danger-emphasis fw-semibold text-nowrap' : 'text-nowrap'}>
            {a.overdue && <span className="badge text-bg-danger me-1">Overdue</span>}
            {dueLabel(a.review_due_at)}
          </span>
        ) : (
          <span className="text-body-secondary">—</span>
        ),
      csv: (a) => a.review_due_at,
    },
    {
      id: 'updated',
      header: 'Last change',
      priority: 5,
      cell: (a) => (
        <time className="small text-nowrap" dateTime={a.updated_at} title={dateFormat.full.format(new Date(a.updated_at))}>
          {sameDay(a.updated_at) ? dateFormat.time.format(new Date(a.updated_at)) : dateFormat.date.format(new Date(a.updated_at))}
        </time>
      ),
      csv: (a) => a.updated_at,
    },
    {
      id: 'created',
      header: 'Received',
      priority: 6,
      cell: (a) => (
        <time className="small text-nowrap" dateTime={a.created_at} title={dateFormat.full.format(new Date(a.created_at))}>
          {dateFormat.date.format(new Date(a.created_at))}
        </time>
      ),
      csv: (a) => a.created_at,
    },
  ];
}

/**
 * The live table: windowed by the page's scroll (only the rows in view are drawn, so a thousand events a second stay
 * cheap, and the page keeps one scroll bar), rows updated in place with a short highlight, new ones highlighted on
 * top. When the reader has scrolled down, rows added on top move the page by as much, so what they are reading does
 * not move.
 */
export function LiveTable({ rows, loading, busy, changes, added, dateFormat, onOpen, empty }: Props) {
  const columns = useMemo(() => applicationColumns(dateFormat, onOpen).filter((c) => c.id !== 'email'), [dateFormat, onOpen]);
  return (
    <DataTable
      label="Applications"
      className="monitor-table"
      rows={rows}
      getRowId={(a) => a.id}
      columns={columns}
      loading={loading}
      busy={busy}
      empty={empty}
      windowed={{ rowHeight: LIVE_ROW_HEIGHT, use: usePageWindow }}
      rowProps={(a) => ({ 'data-application-id': a.id, 'data-status': a.status })}
      onRowClick={(a) => onOpen(a.id)}
      rowClassName={(a) => {
        const n = changes.get(a.id);
        if (added.has(a.id) && n === 1) return 'row-new';
        return n ? `row-changed-${n % 2}` : undefined;
      }}
    />
  );
}

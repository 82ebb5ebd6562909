import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ApplicationSummary } from '@admin-portal/contract/applications/api';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { dueLabel } from '../lib/application-display.ts';
import { ApplicationStatusBadge } from './application-status-badge.tsx';

export const LIVE_ROW_HEIGHT = 57;
const sameDay = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();
const WINDOW_HEIGHT = 600;

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

export function applicationColumns(dateFormat: DateFormats, onOpen: (id: string) => void): DataColumn<ApplicationSummary>[] {
  return [
    {
      id: 'applicant',
      header: 'Applicant',
      cell: (a) => (
        <>
          <button type="button" className="btn btn-link p-0 fw-semibold text-decoration-none text-start" onClick={() => onOpen(a.id)}>
            {a.applicant_name || 'Unnamed applicant'}
          </button>
          <div className="small text-body-secondary text-truncate monitor-email">{a.applicant_email || a.external_ref || '—'}</div>
        </>
      ),
      csv: (a) => a.applicant_name,
    },
    { id: 'email', header: 'Email', cell: () => null, csv: (a) => a.applicant_email },
    { id: 'workflow', header: 'Workflow', cell: (a) => <span className="text-nowrap">{a.workflow_name}</span>, csv: (a) => a.workflow_name },
    { id: 'step', header: 'Current step', cell: (a) => a.current_step_name ?? <span className="text-body-secondary">—</span>, csv: (a) => a.current_step_name },
    { id: 'status', header: 'Status', cell: (a) => <ApplicationStatusBadge application={a} />, csv: (a) => a.status },
    {
      id: 'due',
      header: 'Review due',
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
 * The live table: windowed (only the rows in view are drawn, so a thousand events a second stay cheap), rows updated
 * in place with a short highlight, new ones highlighted on top. When the reader has scrolled down, rows added on top
 * shift the scroll position by as much, so what they are reading does not move.
 */
export function LiveTable({ rows, loading, busy, changes, added, dateFormat, onOpen, empty }: Props) {
  const columns = useMemo(() => applicationColumns(dateFormat, onOpen).filter((c) => c.id !== 'email'), [dateFormat, onOpen]);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const firstId = useRef<string | undefined>(undefined);
  // Where the reader has scrolled to, kept by a passive listener: reading scrollTop after each batch would force
  // a layout inside every commit.
  const scrollTop = useRef(0);
  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const onScroll = () => {
      scrollTop.current = box.scrollTop;
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, [loading]);
  useLayoutEffect(() => {
    const previousFirst = firstId.current;
    firstId.current = rows[0]?.id;
    const box = scrollRef.current;
    if (!box || !previousFirst || scrollTop.current === 0 || previousFirst === rows[0]?.id) return;
    const shift = rows.findIndex((r) => r.id === previousFirst);
    if (shift > 0) {
      scrollTop.current += shift * LIVE_ROW_HEIGHT;
      box.scrollTop = scrollTop.current;
    }
  }, [rows]);

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
      windowed={{ height: WINDOW_HEIGHT, rowHeight: LIVE_ROW_HEIGHT, scrollRef }}
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

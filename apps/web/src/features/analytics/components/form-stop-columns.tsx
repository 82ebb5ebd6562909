import type { FormStop } from '@admin-portal/contract/analytics/api';
import { formatCount } from '../../../shared/lib/figures-format.ts';
import type { DataColumn } from '../../../shared/ui/data-table/data-table.tsx';

const share = (r: FormStop) => (r.waiting > 0 ? `${Math.round((r.stopped / r.waiting) * 100)}%` : '—');

/** Where applicants stop in a form: the form, the place, how many, and their share of those waiting at the form. */
export function formStopColumns(): DataColumn<FormStop>[] {
  return [
    {
      id: 'form',
      header: 'Form',
      className: 'analytics-text-cell',
      csv: (r) => r.step_name,
      cell: (r) => (
        <span className="dt-ellipsis" title={r.step_name}>
          {r.step_name}
        </span>
      ),
    },
    {
      id: 'where',
      header: 'Stopped before',
      grow: true,
      csv: (r) => r.label,
      cell: (r) => (r.field_key ? <span>{r.label}</span> : <span className="text-body-secondary">{r.label}</span>),
    },
    { id: 'stopped', header: 'Applicants', align: 'end', className: 'tabular-nums', csv: (r) => r.stopped, cell: (r) => formatCount(r.stopped) },
    { id: 'share', header: 'Of those waiting', align: 'end', className: 'tabular-nums', priority: 3, csv: share, cell: share },
  ];
}

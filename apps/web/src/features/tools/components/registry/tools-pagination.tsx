import Form from 'react-bootstrap/Form';
import { PageLinks } from '../../../../shared/ui/page-links.tsx';
import { PAGE_SIZES, rangeLabel } from '../../lib/registry/list-state.ts';

interface Props {
  page: number;
  pages: number;
  pageSize: number;
  offset: number;
  rows: number;
  total: number;
  exact: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Rows per page, "x–y of total", and previous / numbered pages with gaps / next. */
export function ToolsPagination({ page, pages, pageSize, offset, rows, total, exact, onPage, onPageSize }: Props) {
  const sizes: readonly number[] = (PAGE_SIZES as readonly number[]).includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3">
      <div className="d-flex align-items-center gap-3">
        <Form.Group controlId="tools-page-size" className="d-flex align-items-center gap-2 mb-0">
          <Form.Label className="small text-body-secondary text-nowrap mb-0">Rows per page</Form.Label>
          <Form.Select size="sm" className="w-auto" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <span className="small text-body-secondary tabular-nums" aria-live="polite" data-testid="tools-range">
          {rangeLabel(offset, rows, total, exact)}
        </span>
      </div>
      {pages > 1 && <PageLinks page={page} pages={pages} onPage={onPage} />}
    </div>
  );
}

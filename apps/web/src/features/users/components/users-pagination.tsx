import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import { PAGE_SIZES, pageWindow, rangeLabel } from '../lib/list-state.ts';

interface Props {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  /** false when the server stopped counting at its cap. */
  totalExact?: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Rows per page, "x–y of total", and previous / numbered pages with gaps / next. */
export function UsersPagination({ page, pages, pageSize, total, totalExact = true, onPage, onPageSize }: Props) {
  const sizes: readonly number[] = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3">
      <div className="d-flex align-items-center gap-3">
        <Form.Group controlId="users-page-size" className="d-flex align-items-center gap-2 mb-0">
          <Form.Label className="small text-body-secondary text-nowrap mb-0">Rows per page</Form.Label>
          <Form.Select size="sm" className="users-page-size" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <span className="small text-body-secondary tabular-nums" aria-live="polite" data-testid="users-range">
          {rangeLabel(page, pageSize, total, totalExact)}
        </span>
      </div>
      {pages > 1 && (
        <nav aria-label="Pages">
          <Pagination className="mb-0" size="sm">
            <Pagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page" />
            {pageWindow(page, pages).map((p, i) =>
              p === null ? (
                <Pagination.Ellipsis key={`gap-${i}`} disabled />
              ) : (
                <Pagination.Item key={p} active={p === page} onClick={() => onPage(p)} aria-label={`Page ${p}`} aria-current={p === page ? 'page' : undefined}>
                  {p}
                </Pagination.Item>
              ),
            )}
            <Pagination.Next disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page" />
          </Pagination>
        </nav>
      )}
    </div>
  );
}

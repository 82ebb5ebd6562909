import Form from 'react-bootstrap/Form';
import { pageSizeOptions } from '../lib/pagination.ts';
import { PageLinks } from './page-links.tsx';

interface Props {
  /** The id of the rows-per-page select (its label points at it). */
  id: string;
  /** The class of the rows-per-page select. */
  selectClassName: string;
  /** The test id of the range text. */
  rangeTestId: string;
  page: number;
  pages: number;
  pageSize: number;
  /** The usual page sizes (the current one is added when it is not among them). */
  pageSizes: readonly number[];
  /** "x–y of total", for the rows on screen. */
  range: string;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** A list's footer: rows per page, "x–y of total", and previous / numbered pages with gaps / next. */
export function ListPagination({ id, selectClassName, rangeTestId, page, pages, pageSize, pageSizes, range, onPage, onPageSize }: Props) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3">
      <div className="d-flex align-items-center gap-3">
        <Form.Group controlId={id} className="d-flex align-items-center gap-2 mb-0">
          <Form.Label className="small text-body-secondary text-nowrap mb-0">Rows per page</Form.Label>
          <Form.Select size="sm" className={selectClassName} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {pageSizeOptions(pageSizes, pageSize).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <span className="small text-body-secondary tabular-nums" aria-live="polite" data-testid={rangeTestId}>
          {range}
        </span>
      </div>
      {pages > 1 && <PageLinks page={page} pages={pages} onPage={onPage} />}
    </div>
  );
}

import Pagination from 'react-bootstrap/Pagination';
import { pageWindow } from '../lib/pagination.ts';

/** Previous, numbered pages with gaps, next. */
export function PageLinks({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
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
  );
}

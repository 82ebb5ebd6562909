import { NavLink } from 'react-router';
import type { GuideEntry } from '../lib/doc-sources.ts';

/** The guide's pages, the current one marked. */
export function DocsNav({ guides }: { guides: readonly GuideEntry[] }) {
  return (
    <nav aria-label="User guide" className="docs-nav">
      <p className="small text-uppercase fw-semibold text-body-secondary mb-2">User guide</p>
      <ul className="nav flex-column">
        {guides.map((g) => (
          <li key={g.slug} className="nav-item">
            <NavLink to={`/docs/${g.slug}`} className="nav-link">
              {g.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

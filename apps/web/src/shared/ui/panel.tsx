import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

interface Props {
  /** The heading's id (unique on the page); the section is named by it. */
  id: string;
  title: string;
  subtitle?: ReactNode;
  /** Buttons at the end of the header (e.g. Export CSV). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The body without padding (a table that reaches the card's edges). */
  flush?: boolean;
}

/** A titled card as a page section: analytics panels, each with its heading, an optional line under it, and actions. */
export function Panel({ id, title, subtitle, actions, children, className, flush = false }: Props) {
  return (
    <section aria-labelledby={id} className={className}>
      <Card className="h-100">
        <Card.Header className="bg-body py-3 d-flex flex-wrap align-items-start justify-content-between gap-2">
          <div>
            <h2 id={id} className="h5 mb-0">
              {title}
            </h2>
            {subtitle && <p className="small text-body-secondary mb-0">{subtitle}</p>}
          </div>
          {actions && <div className="d-flex flex-wrap align-items-center gap-2">{actions}</div>}
        </Card.Header>
        {flush ? children : <Card.Body>{children}</Card.Body>}
      </Card>
    </section>
  );
}

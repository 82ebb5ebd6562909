import { Link } from 'react-router';
import { Panel } from '../../../shared/ui/panel.tsx';
import type { AttentionItem } from '../lib/dashboard-figures.ts';

interface Props {
  items: readonly AttentionItem[];
  mayOpen: (path: string) => boolean;
  className?: string;
}

/** What waits for an administrator: tools to approve, locked accounts, active workflows failing their checks. */
export function AttentionPanel({ items, mayOpen, className }: Props) {
  const waiting = items.filter((i) => i.count > 0).length;
  return (
    <Panel id="dashboard-attention-title" title="Needs your attention" subtitle={waiting === 0 ? 'All clear' : undefined} className={className}>
      <ul className="row row-cols-1 row-cols-lg-3 g-3 list-unstyled mb-0" aria-label="Needs your attention">
        {items.map((item) => (
          <li key={item.id} className="col" data-attention={item.id}>
            <div className={`d-flex align-items-center gap-3 h-100 border rounded px-3 py-2${item.count > 0 ? ' border-warning bg-warning-subtle' : ''}`}>
              <span
                className={`dashboard-attention-count fw-semibold tabular-nums text-center${item.count > 0 ? ' text-warning-emphasis' : ' text-body-secondary'}`}
                aria-hidden="true"
              >
                {item.count}
              </span>
              <span className="d-flex flex-column">
                <span className={item.count > 0 ? 'fw-semibold' : undefined}>{item.text}</span>
                {item.count > 0 && mayOpen(item.path) && (
                  <Link to={item.path} className="small">
                    Open {item.place}
                  </Link>
                )}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

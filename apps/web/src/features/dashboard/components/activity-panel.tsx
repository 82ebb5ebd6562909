import { Link } from 'react-router';
import type { Activity } from '@admin-portal/contract/analytics/api';
import { Panel } from '../../../shared/ui/panel.tsx';
import { activityCasePath } from '../lib/dashboard-links.ts';

interface Props {
  activity: readonly Activity[];
  /** The user may open the Real-time Monitor (each event's case opens there). */
  monitor: boolean;
  /** When an event happened, as the user reads it ("09:50" today, "Nov 25, 09:50" before), and in full. */
  when: (iso: string) => { short: string; full: string };
  className?: string;
}

/** The newest events of the organization's cases, one sentence each. */
export function ActivityPanel({ activity, monitor, when, className }: Props) {
  return (
    <Panel id="dashboard-activity-title" title="Recent activity" subtitle="The newest events of your cases" className={className}>
      {activity.length === 0 ? (
        <p className="text-body-secondary mb-0">Nothing has happened yet. Events show here as cases arrive, move and are decided.</p>
      ) : (
        <ol className="list-unstyled mb-0 dashboard-list" aria-label="Recent activity">
          {activity.map((a) => {
            const at = when(a.at);
            return (
              <li key={a.id} className="py-2 d-flex justify-content-between align-items-baseline gap-3" data-activity-type={a.type}>
                {monitor ? (
                  <Link to={activityCasePath(a.application_id)} className="text-decoration-none">
                    {a.summary}
                  </Link>
                ) : (
                  <span>{a.summary}</span>
                )}
                <time dateTime={a.at} title={at.full} className="small text-body-secondary text-nowrap tabular-nums">
                  {at.short}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}

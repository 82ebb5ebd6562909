import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { monitorPath } from '../../../shared/analytics/portal-links.ts';

interface Props {
  /** Administrators are told how applications arrive and where demo traffic is switched on. */
  administer: boolean;
  monitor: boolean;
}

/** The organization has had no application at all: what to do next. */
export function NoApplicationsYet({ administer, monitor }: Props) {
  return (
    <Card className="mb-4" data-testid="dashboard-empty">
      <Card.Body className="text-center py-5">
        <h2 className="h5">No applications yet</h2>
        {administer ? (
          <>
            <p className="text-body-secondary mb-2">
              Applications arrive through the public intake API, <code>POST /api/public/v1/applications</code>, with an API key of the{' '}
              <strong>Intake API</strong> scope, for an active workflow. The <Link to="/docs/applications">applications guide</Link> shows how.
            </p>
            <p className="text-body-secondary mb-0">
              {monitor ? (
                <>
                  To see figures now, switch on <strong>Demo traffic</strong> on the <Link to={monitorPath()}>Real-time Monitor</Link>: made-up applicants flow
                  through your active workflows and this page fills within a minute.
                </>
              ) : (
                'Figures appear here within seconds of the first case.'
              )}
            </p>
          </>
        ) : (
          <p className="text-body-secondary mb-0">
            Figures appear here as cases arrive through your organization’s workflows: how many start and finish, how long decisions take, and what waits for
            review. The page refreshes itself every minute.
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

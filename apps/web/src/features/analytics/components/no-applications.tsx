import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { AnalyticsRange } from '@admin-portal/contract/analytics/api';
import { monitorPath } from '../../../shared/analytics/portal-links.ts';
import { inPeriod } from '../../../shared/analytics/period-state.ts';
import type { AnalyticsAbilities } from '../lib/abilities.ts';

interface Props {
  /** The period in words ("the last 30 days"). */
  phrase: string;
  range: AnalyticsRange;
  filtered: boolean;
  abilities: AnalyticsAbilities;
  onLonger: () => void;
  onClear: () => void;
}

/** No applications in the period: a longer period, fewer filters, or (for administrators) how applications arrive. */
export function NoApplications({ phrase, range, filtered, abilities, onLonger, onClear }: Props) {
  const monitor = abilities.mayOpen('/applications');
  return (
    <Card className="mb-4">
      <Card.Body className="text-center py-5">
        <h2 className="h5">No applications {inPeriod(phrase)}</h2>
        <p className="text-body-secondary mb-3">
          {filtered ? 'None matches these filters in this period.' : 'No application started, moved or ended in this period.'}{' '}
          {abilities.administer ? (
            <>
              Applications arrive through the public intake API
              {monitor ? (
                <>
                  ; to see figures now, switch on <strong>Demo traffic</strong> on the <Link to={monitorPath()}>Real-time Monitor</Link>.
                </>
              ) : (
                '.'
              )}
            </>
          ) : (
            'Applications arrive through the public intake API; their figures show here within seconds.'
          )}
        </p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {range !== '90d' && (
            <Button variant="primary" size="sm" onClick={onLonger}>
              Show the last 90 days
            </Button>
          )}
          {filtered && (
            <Button variant="outline-secondary" size="sm" onClick={onClear}>
              Clear filters
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}

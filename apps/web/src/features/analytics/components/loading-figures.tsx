import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';

/** The first load: card and chart skeletons where the figures will be (hidden from screen readers). */
export function LoadingFigures({ cards = 8 }: { cards?: number }) {
  return (
    <div aria-hidden="true" className="mb-4" data-testid="analytics-loading">
      <div className="row g-3 row-cols-1 row-cols-sm-2 row-cols-lg-4 mb-4">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="col">
            <Card body>
              <Placeholder as="div" animation="glow">
                <Placeholder xs={5} /> <Placeholder xs={8} size="lg" /> <Placeholder xs={4} size="sm" />
              </Placeholder>
            </Card>
          </div>
        ))}
      </div>
      <Card body>
        <Placeholder as="div" animation="glow" className="analytics-chart-placeholder">
          <Placeholder xs={12} className="h-100" />
        </Placeholder>
      </Card>
    </div>
  );
}

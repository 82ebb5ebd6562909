import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';

/** The first load: card, chart and panel skeletons where the figures will be (hidden from screen readers). */
export function DashboardLoading() {
  return (
    <div data-testid="dashboard-loading">
      <p className="visually-hidden">Loading the dashboard…</p>
      <div aria-hidden="true">
        <div className="row g-3 row-cols-2 row-cols-lg-3 row-cols-xxl-6 mb-4">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="col">
              <Card body>
                <Placeholder as="div" animation="glow">
                  <Placeholder xs={7} /> <Placeholder xs={5} size="lg" /> <Placeholder xs={9} size="sm" />
                </Placeholder>
              </Card>
            </div>
          ))}
        </div>
        <div className="row g-4 mb-4">
          <div className="col-xl-8">
            <Card body>
              <Placeholder as="div" animation="glow" className="dashboard-chart-placeholder">
                <Placeholder xs={12} className="h-100" />
              </Placeholder>
            </Card>
          </div>
          <div className="col-xl-4">
            <Card body className="h-100">
              <Placeholder as="div" animation="glow">
                <Placeholder xs={6} /> <Placeholder xs={10} /> <Placeholder xs={8} /> <Placeholder xs={9} /> <Placeholder xs={5} />
              </Placeholder>
            </Card>
          </div>
        </div>
      </div>
    </div>
  );
}

import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { useGuideIndex } from '../api/use-docs.ts';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './help.css';

/** /docs: every page of the user guide with its first heading and first paragraph. */
export function DocsIndexPage() {
  const { data, isPending, isError, error } = useGuideIndex();
  return (
    <>
      <header className="mb-4">
        <h1 className="h3 mb-1">{PAGE_HEADINGS['/docs'].heading}</h1>
        <p className="text-body-secondary mb-0">
          The user guide, one page per topic. Developers will also want the <a href="/api/docs">API reference</a>.
        </p>
      </header>
      {isError && <Alert variant="danger">{error.message}</Alert>}
      <Row xs={1} md={2} className="g-3" as="ul" aria-label="Guide pages" role="list" style={{ listStyle: 'none', paddingLeft: 0 }}>
        {isPending &&
          [0, 1, 2, 3].map((i) => (
            <Col as="li" key={i} aria-hidden="true">
              <Card body>
                <Placeholder as="div" animation="glow">
                  <Placeholder xs={5} /> <Placeholder xs={10} /> <Placeholder xs={8} />
                </Placeholder>
              </Card>
            </Col>
          ))}
        {data?.map((g) => (
          <Col as="li" key={g.slug}>
            <Card className="h-100 docs-card">
              <Card.Body>
                <h2 className="h5 fw-semibold mb-2">
                  <Link to={`/docs/${g.slug}`} className="stretched-link text-decoration-none">
                    {g.title}
                  </Link>
                </h2>
                <p className="text-body-secondary mb-0">{g.summary}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}

import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { useGuide, useGuideIndex } from '../api/use-docs.ts';
import { guideTitle } from '../lib/doc-sources.ts';
import { headingIds, lex } from '../../../shared/lib/markdown-text.ts';
import { DocsNav } from './docs-nav.tsx';
import { Markdown } from '../../../shared/ui/markdown.tsx';
import './help.css';

function OnThisPage({ source }: { source: string }) {
  const sections = headingIds(lex(source)).filter((h) => h.depth === 2);
  if (sections.length < 2) return null;
  return (
    <nav aria-label="On this page" className="docs-toc">
      <p className="small text-uppercase fw-semibold text-body-secondary mb-2">On this page</p>
      <ul className="list-unstyled small mb-0">
        {sections.map((s) => (
          <li key={s.id} className="mb-1">
            <a href={`#${s.id}`}>{s.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /docs/:slug: one page of the user guide, with the guide's other pages beside it. */
export function DocPage() {
  const { slug = '' } = useParams();
  const index = useGuideIndex();
  const guide = useGuide(slug);
  const title = guideTitle(slug);
  const position = index.data?.findIndex((g) => g.slug === slug) ?? -1;
  const previous = position > 0 ? index.data![position - 1] : undefined;
  const next = position >= 0 ? index.data![position + 1] : undefined;

  return (
    <Row className="g-4">
      <Col lg={3} xxl={2} className="d-none d-lg-block">
        {index.data && <DocsNav guides={index.data} />}
      </Col>
      <Col lg={9} xxl={8}>
        {guide.isPending && (
          // The title is known from the build: it is drawn where the page's own heading will be while the page loads.
          <Card as="article" className="docs-article" aria-busy="true">
            <Card.Body className="p-4 p-lg-5">
              {/* In the markdown's own frame, so the heading keeps its size when the page's text arrives. */}
              {title ? (
                <div className="markdown-body">
                  <h1 className="md-heading">{title}</h1>
                </div>
              ) : null}
              <Placeholder as="div" animation="glow">
                {title ? null : <Placeholder xs={6} size="lg" />} <Placeholder xs={12} /> <Placeholder xs={10} /> <Placeholder xs={11} />
              </Placeholder>
            </Card.Body>
          </Card>
        )}
        {guide.isError && <Alert variant="danger">{guide.error.message}</Alert>}
        {guide.data === null && (
          <Card body>
            <h1 className="h4">Page not found</h1>
            <p className="mb-0">
              The user guide has no page “{slug}”. <Link to="/docs">See all pages</Link>.
            </p>
          </Card>
        )}
        {guide.data && (
          <>
            <Card as="article" className="docs-article">
              <Card.Body className="p-4 p-lg-5">
                <Markdown source={guide.data} />
              </Card.Body>
            </Card>
            <nav aria-label="Guide pages" className="d-flex justify-content-between gap-3 mt-3">
              {previous ? (
                <Link to={`/docs/${previous.slug}`} className="btn btn-outline-secondary">
                  ← {previous.title}
                </Link>
              ) : (
                <span />
              )}
              {next && (
                <Link to={`/docs/${next.slug}`} className="btn btn-outline-secondary">
                  {next.title} →
                </Link>
              )}
            </nav>
          </>
        )}
      </Col>
      <Col xxl={2} className="d-none d-xxl-block">
        {guide.data && <OnThisPage source={guide.data} />}
      </Col>
    </Row>
  );
}

import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import { useStandalonePage } from '../api/use-docs.ts';
import type { StandalonePage } from '../lib/doc-sources.ts';
import { Markdown } from '../../../shared/ui/markdown.tsx';
import './help.css';

/** A page whose whole content is one markdown file of the repository. */
function MarkdownPage({ page }: { page: StandalonePage }) {
  const { data, isPending, isError, error } = useStandalonePage(page);
  return (
    <div className="docs-standalone">
      {isPending && (
        <Card body aria-busy="true">
          <Placeholder as="div" animation="glow">
            <Placeholder xs={5} size="lg" /> <Placeholder xs={12} /> <Placeholder xs={9} />
          </Placeholder>
        </Card>
      )}
      {isError && <Alert variant="danger">{error.message}</Alert>}
      {data && (
        <Card as="article" className="docs-article">
          <Card.Body className="p-4 p-lg-5">
            <Markdown source={data} />
          </Card.Body>
        </Card>
      )}
    </div>
  );
}

/** /support: docs/support.md */
export function SupportPage() {
  return <MarkdownPage page="support" />;
}

/** /privacy-policy: docs/privacy-policy.md */
export function PrivacyPolicyPage() {
  return <MarkdownPage page="privacy-policy" />;
}

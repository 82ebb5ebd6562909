import Card from 'react-bootstrap/Card';
import { pageSource, type StandalonePage } from '../lib/doc-sources.ts';
import { Markdown } from '../../../shared/ui/markdown.tsx';
import './help.css';

/** A page whose whole content is one markdown file of the repository (bundled with the page: it draws at once). */
function MarkdownPage({ page }: { page: StandalonePage }) {
  return (
    <div className="docs-standalone">
      <Card as="article" className="docs-article">
        <Card.Body className="p-4 p-lg-5">
          <Markdown source={pageSource(page)} />
        </Card.Body>
      </Card>
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

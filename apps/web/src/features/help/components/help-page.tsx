import type { ReactNode } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { Icon } from '../../../shared/ui/icons.tsx';
import { useGuideIndex } from '../api/use-docs.ts';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './help.css';

interface Answer {
  id: string;
  question: string;
  answer: ReactNode;
}

/** Short answers to what people ask most; each says what the portal actually does. */
const ANSWERS: Answer[] = [
  {
    id: 'sign-in',
    question: 'How do I sign in?',
    answer: (
      <>
        <p>
          Open the portal and sign in with the email address and password your administrator gave you. If your session ended while you were working, you come
          back to the page you were on after signing in again.
        </p>
        <p className="mb-0">
          New to the portal? <Link to="/docs/getting-started">Getting started</Link> explains the screen.
        </p>
      </>
    ),
  },
  {
    id: 'locked',
    question: 'Why must I wait before signing in?',
    answer: (
      <p className="mb-0">
        After <strong>5 failed sign-ins</strong> from one place, each further try from there waits a little longer: 1 second, then 2, 4, 8 … at most{' '}
        <strong>15 minutes</strong>. The sign-in page says how long. Wait, then sign in with the right password, or ask an administrator to end the wait sooner
        (Unlock, in User Management). Other people's wrong guesses never lock you out of the places you usually sign in from.
      </p>
    ),
  },
  {
    id: 'session',
    question: 'Why was I signed out?',
    answer: (
      <>
        <p>
          Your session ends after <strong>30 minutes without activity</strong> (mouse, keyboard, scrolling or touch). When <strong>5 minutes</strong> are left,
          a <em>Session Expiring</em> window counts down: choose <strong>Extend Session</strong> to carry on, or <strong>Logout Now</strong>.
        </p>
        <p className="mb-0">
          The server also ends every session <strong>12 hours</strong> after its sign-in, and one nobody used for 30 minutes. Changing your password, or an
          administrator setting a new one for you, also ends your other sessions.
        </p>
      </>
    ),
  },
  {
    id: 'password',
    question: 'How do I change my password?',
    answer: (
      <p className="mb-0">
        Open your user menu at the top right, choose <strong>My Profile</strong>, then the <strong>Security</strong> tab. Enter your current password and the
        new one twice; the form says how long it must be (at least 8 characters, more if your administrators chose so), and a common password is refused. Your
        sessions on other devices end. Forgotten your password? Ask an administrator to set a new one.
      </p>
    ),
  },
  {
    id: 'access',
    question: 'Who do I ask for access?',
    answer: (
      <p className="mb-0">
        Your organization’s administrator. What you can do comes from your role plus any extra permissions an administrator grants you; you can see yours under{' '}
        <strong>My Profile → Permissions</strong>. The menu only shows pages you may use, and a page you may not open shows <em>Unauthorized</em>. See{' '}
        <Link to="/docs/users-and-roles">Users, roles and permissions</Link>.
      </p>
    ),
  },
];

function QuickLink({ to, icon, title, text, external }: { to: string; icon: string; title: string; text: string; external?: boolean }) {
  const body = (
    <>
      <span className="help-link-icon" aria-hidden="true">
        <Icon name={icon} size={18} />
      </span>
      <span>
        <span className="d-block fw-semibold text-body">{title}</span>
        <span className="d-block small text-body-secondary">{text}</span>
      </span>
    </>
  );
  return (
    <Card className="h-100 help-link-card">
      {external ? (
        <a href={to} className="stretched-link-area">
          {body}
        </a>
      ) : (
        <Link to={to} className="stretched-link-area">
          {body}
        </Link>
      )}
    </Card>
  );
}

/** /help: the help centre — quick answers, the user guide, support, and the API reference. */
export function HelpPage() {
  const index = useGuideIndex();
  return (
    <>
      <header className="mb-4">
        <h1 className="h3 mb-1">{PAGE_HEADINGS['/help'].heading}</h1>
        <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/help'].lead}</p>
      </header>

      <Row xs={1} md={2} xl={4} className="g-3 mb-4">
        <Col>
          <QuickLink to="/docs" icon="question-circle" title="User guide" text="How every screen works, page by page." />
        </Col>
        <Col>
          <QuickLink to="/support" icon="person-circle" title="Support" text="What to do and who to ask when something goes wrong." />
        </Col>
        <Col>
          <QuickLink to="/api/docs" icon="tools" title="API reference" text="Every endpoint of the portal's HTTP API." external />
        </Col>
        <Col>
          <QuickLink to="/privacy-policy" icon="building" title="Privacy policy" text="What the portal stores about you, and why." />
        </Col>
      </Row>

      <Row className="g-4">
        <Col lg={8}>
          <section aria-labelledby="help-answers">
            <h2 id="help-answers" className="h5 mb-3">
              Quick answers
            </h2>
            <Accordion defaultActiveKey={ANSWERS[0]!.id} className="help-answers">
              {ANSWERS.map((a) => (
                <Accordion.Item eventKey={a.id} key={a.id}>
                  <Accordion.Header as="h3">{a.question}</Accordion.Header>
                  <Accordion.Body>{a.answer}</Accordion.Body>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        </Col>
        <Col lg={4}>
          <Card as="section" aria-labelledby="help-guide">
            <Card.Header className="bg-body py-3">
              <h2 id="help-guide" className="h6 mb-0">
                In the user guide
              </h2>
            </Card.Header>
            <ul className="list-group list-group-flush">
              {index.data?.map((g) => (
                <li key={g.slug} className="list-group-item">
                  <Link to={`/docs/${g.slug}`}>{g.title}</Link>
                </li>
              ))}
              {index.isPending && <li className="list-group-item text-body-secondary">Loading…</li>}
              {index.isError && <li className="list-group-item text-danger">The guide could not be loaded.</li>}
            </ul>
          </Card>
        </Col>
      </Row>
    </>
  );
}

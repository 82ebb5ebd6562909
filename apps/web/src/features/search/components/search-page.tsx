import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_TEXT_MAX } from '@admin-portal/contract/search-terms';
import { Icon } from '../../../shared/ui/icons.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useSearch } from '../api/search.ts';
import { countLabel, groupResults, highlightParts, seeAllUrl, summary, type ResultGroup } from '../lib/search-groups.ts';
import { SEARCH_ICONS } from './search-icons.ts';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './search.css';

function Highlighted({ text, query }: { text: string; query: string }) {
  return <>{highlightParts(text, query).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</>;
}

/** Only the subtitle's first part (the email or slug) is something the search matched; the rest is context. */
function SubtitleHighlighted({ text, query }: { text: string; query: string }) {
  const cut = text.indexOf(' · ');
  if (cut === -1) return <Highlighted text={text} query={query} />;
  return (
    <>
      <Highlighted text={text.slice(0, cut)} query={query} />
      {text.slice(cut)}
    </>
  );
}

function GroupCard({ group, query }: { group: ResultGroup; query: string }) {
  const headingId = `search-group-${group.type}`;
  const more = group.total - group.results.length;
  const allUrl = seeAllUrl(group.type, query);
  return (
    <Card as="section" aria-labelledby={headingId} className="mb-4 search-group">
      <Card.Header className="bg-body d-flex align-items-center justify-content-between py-3">
        <h2 id={headingId} className="h6 mb-0 d-flex align-items-center gap-2">
          <span className="search-type-icon" aria-hidden="true">
            <Icon name={SEARCH_ICONS[group.type] ?? 'dot'} />
          </span>
          {group.heading}
        </h2>
        <span className="badge rounded-pill bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle">
          {countLabel(group.type, group.total, group.capped)}
        </span>
      </Card.Header>
      <ListGroup variant="flush" as="ul" aria-label={group.heading}>
        {group.results.map((r) => (
          <ListGroup.Item as="li" key={`${r.type}-${r.id}`} className="p-0">
            <Link to={r.url} className="search-result d-block px-3 py-2 text-decoration-none">
              <span className="d-block fw-semibold text-body">
                <Highlighted text={r.title} query={query} />
              </span>
              {r.subtitle && (
                <span className="d-block small text-body-secondary">
                  <SubtitleHighlighted text={r.subtitle} query={query} />
                </span>
              )}
            </Link>
          </ListGroup.Item>
        ))}
      </ListGroup>
      {more > 0 && (
        <Card.Footer className="bg-body small text-body-secondary">
          {group.capped ? 'More not shown.' : `${more.toLocaleString('en-US')} more not shown.`}{' '}
          {allUrl ? (
            <Link to={allUrl}>
              See all {group.heading.toLowerCase()} matching “{query}”
            </Link>
          ) : (
            'Refine your search to narrow them down.'
          )}
        </Card.Footer>
      )}
    </Card>
  );
}

function LoadingGroups() {
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        Searching…
      </span>
      {[0, 1].map((i) => (
        <Card key={i} className="mb-4" aria-hidden="true">
          <Card.Body>
            <Placeholder as="div" animation="glow">
              <Placeholder xs={3} className="mb-3" />
              <Placeholder xs={7} /> <Placeholder xs={5} />
              <Placeholder xs={6} /> <Placeholder xs={4} />
            </Placeholder>
          </Card.Body>
        </Card>
      ))}
    </div>
  );
}

/** /search?q=: one search across applications, workflows, tools, users and organizations the caller may see, grouped by kind. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const { data, isFetching, isError, error, refetch } = useSearch(query);
  const groups = data ? groupResults(data.results, data.totals, data.capped) : [];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (q) setParams({ q });
  }

  return (
    <>
      <header className="mb-4">
        <h1 className="h3 mb-1">{PAGE_HEADINGS['/search'].heading}</h1>
        <p className="text-body-secondary mb-0">
          Find applications, workflows, tools, users and organizations you have access to. Press <kbd>Ctrl</kbd> <kbd>K</kbd> anywhere to search from the
          keyboard.
        </p>
      </header>

      <Form role="search" onSubmit={onSubmit} className="mb-4 search-page-form">
        <InputGroup size="lg">
          <InputGroup.Text aria-hidden="true">
            <Icon name="search" />
          </InputGroup.Text>
          <Form.Control
            type="search"
            aria-label="Search for"
            placeholder="Applicant, reference, workflow, tool, person or organization"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={SEARCH_TEXT_MAX}
          />
          <Button type="submit" variant="primary">
            Search
          </Button>
        </InputGroup>
      </Form>

      {!query && (
        <div className="search-empty text-center text-body-secondary py-5">
          <Icon name="search" size={32} className="mb-3 opacity-50" />
          <p className="lead mb-1">What are you looking for?</p>
          <p className="mb-0">
            Type an applicant’s name, e-mail address or reference, a case id, a workflow, a tool, a person or an organization, then press Enter.
          </p>
        </div>
      )}

      {query && isFetching && !data && <LoadingGroups />}

      {query && isError && (
        <RetryAlert onRetry={refetch} retryLabel="Try again">
          <strong>The search failed.</strong> {error.message}
        </RetryAlert>
      )}

      {query && data && data.q === query && (
        <>
          <p className="text-body-secondary" aria-live="polite">
            {groups.length === 0 ? '' : `Results for “${query}”: ${summary(groups)}`}
            {isFetching && <span className="spinner-border spinner-border-sm ms-2" aria-hidden="true" />}
          </p>
          {groups.length === 0 && (
            <div className="search-empty text-center py-5" role="status">
              <p className="lead mb-1">No results for “{query}”</p>
              <p className="text-body-secondary mb-0">Check the spelling, or search for part of a name, an e-mail address or a reference.</p>
            </div>
          )}
          {groups.map((group) => (
            <GroupCard key={group.type} group={group} query={query} />
          ))}
        </>
      )}
    </>
  );
}

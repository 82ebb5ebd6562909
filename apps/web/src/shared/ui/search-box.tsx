import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { LIST_QUERY_MAX } from '@admin-portal/contract/list-limits';
import type { UrlSearchText } from '../hooks/use-url-search-text.ts';
import { Icon } from './icons.tsx';

interface Props {
  /** The box's state (useUrlSearchText). */
  search: Pick<UrlSearchText, 'text' | 'setText' | 'onSubmit'>;
  /** The form's class (its width). */
  className: string;
  placeholder: string;
  /** The accessible name of the box. */
  label: string;
}

/** A list's search form: a search icon and the box (Enter submits). */
export function SearchBox({ search, className, placeholder, label }: Props) {
  return (
    <Form role="search" onSubmit={search.onSubmit} className={className}>
      <InputGroup>
        <InputGroup.Text aria-hidden="true">
          <Icon name="search" />
        </InputGroup.Text>
        <Form.Control
          type="search"
          placeholder={placeholder}
          aria-label={label}
          value={search.text}
          onChange={(e) => search.setText(e.target.value)}
          maxLength={LIST_QUERY_MAX}
        />
      </InputGroup>
    </Form>
  );
}

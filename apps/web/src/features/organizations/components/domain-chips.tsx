import { useId, useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { checkDomain } from '../lib/domains.ts';

interface Props {
  domains: string[];
  onChange: (domains: string[]) => void;
  /** Server errors for the list: key '' for the list itself, '3' for the fourth domain. */
  errors: { path: string; message: string }[];
  /** What the list is for (self-registration's by default). */
  texts?: { label: string; empty: string; help: string };
}

const REGISTRATION_TEXTS = {
  label: 'Allowed email domains',
  empty: 'No domains yet: nobody can register themselves.',
  help: 'Press Enter to add. Only addresses at these domains may register themselves.',
};

/** Allowed email domains as removable chips; a new one is checked with the contract's rule before it joins. */
export function DomainChips({ domains, onChange, errors, texts = REGISTRATION_TEXTS }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const byIndex = new Map(errors.filter((e) => e.path !== '').map((e) => [Number(e.path.split('.')[0]), e.message]));
  const listError = errors.find((e) => e.path === '')?.message;

  function add() {
    const check = checkDomain(text, domains);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    onChange([...domains, check.domain]);
    setText('');
    setProblem(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && domains.length > 0) {
      onChange(domains.slice(0, -1));
    }
  }

  const inputError = problem ?? listError;
  const chipErrors = [...byIndex.entries()].filter(([i]) => i < domains.length);
  return (
    <div>
      <Form.Label htmlFor={`${id}-input`}>{texts.label}</Form.Label>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2 domain-chips" aria-label={texts.label}>
        {domains.length === 0 && <li className="text-body-secondary small">{texts.empty}</li>}
        {domains.map((domain, i) => (
          <li key={`${domain}-${i}`} className={`domain-chip${byIndex.has(i) ? ' domain-chip-invalid' : ''}`}>
            <span>{domain}</span>
            <button type="button" className="btn-close" aria-label={`Remove ${domain}`} onClick={() => onChange(domains.filter((_, j) => j !== i))} />
          </li>
        ))}
      </ul>
      <InputGroup hasValidation>
        <Form.Control
          id={`${id}-input`}
          value={text}
          placeholder="example.com"
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          isInvalid={!!inputError}
          aria-invalid={inputError ? true : undefined}
          aria-describedby={`${id}-help${inputError ? ` ${id}-error` : ''}`}
          autoComplete="off"
          spellCheck={false}
        />
        <Button variant="outline-primary" onClick={add}>
          Add domain
        </Button>
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {inputError}
        </Form.Control.Feedback>
      </InputGroup>
      {chipErrors.map(([i, message]) => (
        <div key={i} className="invalid-feedback d-block" role="alert">
          {domains[i]}: {message}
        </div>
      ))}
      <Form.Text id={`${id}-help`}>{texts.help}</Form.Text>
    </div>
  );
}

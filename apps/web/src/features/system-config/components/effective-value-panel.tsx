import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { ConfigEffective } from '@admin-portal/contract/system/config';
import { ENVIRONMENTS, KNOWN_CONFIG_KEYS, RESOLVED_FROM_LABELS, type Environment } from '@admin-portal/contract/system/config-values';
import { Panel } from '../../../shared/ui/panel.tsx';
import { lookupEffective } from '../api/system-config-api.ts';
import { displayValue, ENVIRONMENT_LABELS } from '../lib/config-value.ts';

/** "Effective value": which entry applies to your organization in an environment, and why (by-key). */
export function EffectiveValuePanel({ serverEnvironment }: { serverEnvironment: Environment | undefined }) {
  const [key, setKey] = useState('');
  const [environment, setEnvironment] = useState<Environment | ''>('');
  const [result, setResult] = useState<ConfigEffective | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!key.trim()) return;
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      setResult(await lookupEffective(key.trim(), environment));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel id="effective-value-title" title="Effective value" subtitle="Organization and environment beat organization, which beats all organizations.">
      <Form className="row g-2 align-items-end" onSubmit={onSubmit}>
        <Form.Group className="col-md-6" controlId="effective-key">
          <Form.Label>Key</Form.Label>
          <Form.Control
            value={key}
            list="effective-known-keys"
            maxLength={128}
            onChange={(e) => setKey(e.target.value)}
            placeholder="e.g. branding.product_name"
          />
          <datalist id="effective-known-keys">
            {KNOWN_CONFIG_KEYS.map((k) => (
              <option key={k.key} value={k.key} />
            ))}
          </datalist>
        </Form.Group>
        <Form.Group className="col-md-4" controlId="effective-environment">
          <Form.Label>Environment</Form.Label>
          <Form.Select value={environment} onChange={(e) => setEnvironment(e.target.value as Environment | '')}>
            <option value="">This server ({serverEnvironment ? ENVIRONMENT_LABELS[serverEnvironment] : '…'})</option>
            {ENVIRONMENTS.map((env) => (
              <option key={env} value={env}>
                {ENVIRONMENT_LABELS[env]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-md-2">
          <Button type="submit" variant="outline-secondary" className="w-100" disabled={busy || !key.trim()}>
            Look up
          </Button>
        </div>
      </Form>
      <div aria-live="polite" className="mt-3">
        {problem && (
          <Alert variant="warning" className="mb-0">
            {problem}
          </Alert>
        )}
        {result && (
          <dl className="row mb-0 small" data-testid="effective-result">
            <dt className="col-sm-4">Value</dt>
            <dd className="col-sm-8 font-monospace text-break">{displayValue(result.entry)}</dd>
            <dt className="col-sm-4">From</dt>
            <dd className="col-sm-8">
              {RESOLVED_FROM_LABELS[result.resolved_from]} ({result.entry.organization_name ?? 'all organizations'},{' '}
              {ENVIRONMENT_LABELS[result.entry.environment ?? 'all']})
            </dd>
            <dt className="col-sm-4">Environment asked</dt>
            <dd className="col-sm-8">{ENVIRONMENT_LABELS[result.environment]}</dd>
          </dl>
        )}
      </div>
    </Panel>
  );
}

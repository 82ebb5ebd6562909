import { useRef } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useMcpInfo } from '../api/tool-activity-api.ts';
import type { ToolAbilities } from '../lib/abilities.ts';
import { mcpClientConfig } from '../lib/mcp-access.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import '../../../shared/ui/code-view.css';
import './mcp-access.css';

/**
 * The organization's MCP endpoint: its URL, how a client connects, and (for administrators) the API keys clients
 * present. Everyone who sees tools sees the endpoint; only administrators manage keys (the server allows no one else).
 */
export function McpAccessPanel({ abilities }: { abilities: ToolAbilities }) {
  const mcp = useMcpInfo();
  const urlField = useRef<HTMLInputElement>(null);
  const snippet = useRef<HTMLPreElement>(null);
  const config = mcp.data ? mcpClientConfig(mcp.data.url) : '';

  return (
    <section aria-labelledby="mcp-access-title" className="mcp-access">
      <Card>
        <Card.Header className="bg-body py-3">
          <h2 id="mcp-access-title" className="h5 mb-1">
            MCP access
          </h2>
          <p className="small text-body-secondary mb-0">AI agents connect to this endpoint with an API key to list and call your approved tools.</p>
        </Card.Header>
        <Card.Body>
          {mcp.isError ? (
            <RetryAlert onRetry={mcp.refetch}>The MCP endpoint could not be loaded: {mcp.error.message}</RetryAlert>
          ) : !mcp.data ? (
            <Placeholder as="div" animation="glow" aria-hidden="true" className="mb-3">
              <Placeholder xs={8} size="lg" /> <Placeholder xs={12} /> <Placeholder xs={10} />
            </Placeholder>
          ) : (
            <>
              <Form.Group controlId="mcp-endpoint-url" className="mb-3">
                <Form.Label className="fw-semibold">Endpoint URL</Form.Label>
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <Form.Control
                    ref={urlField}
                    readOnly
                    value={mcp.data.url}
                    className="font-monospace mcp-endpoint-url"
                    aria-describedby="mcp-endpoint-help"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <CopyButton text={mcp.data.url} what="endpoint URL" target={() => urlField.current} />
                </div>
                <Form.Text id="mcp-endpoint-help">
                  Streamable HTTP ·{' '}
                  {mcp.data.tools === 0
                    ? 'no approved tools yet: clients see an empty list until a tool is approved'
                    : `${mcp.data.tools} approved tool${mcp.data.tools === 1 ? '' : 's'} listed to clients`}
                </Form.Text>
              </Form.Group>

              <h3 className="h6 fw-semibold">How to connect</h3>
              <p className="small text-body-secondary mb-2">
                Add the server to your MCP client’s configuration and send an API key as a bearer token (<code>Authorization: Bearer &lt;API key&gt;</code>):
              </p>
              <div className="mcp-snippet mb-2">
                <pre ref={snippet} className="code-block mcp-code mb-0" tabIndex={0} aria-label="MCP client configuration">
                  <code>{config}</code>
                </pre>
              </div>
              <CopyButton text={config} what="client configuration" target={() => snippet.current} />
            </>
          )}

          <hr className="my-4" />
          {abilities.approve ? (
            <ApiKeysSection mcpUrl={mcp.data?.url ?? null} />
          ) : (
            <p className="small text-body-secondary mb-0" data-testid="api-keys-note">
              <span className="fw-semibold text-body">API keys</span>: an administrator of your organization creates the keys MCP clients use, and can revoke
              them.
            </p>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}

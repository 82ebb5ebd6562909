import Placeholder from 'react-bootstrap/Placeholder';
import { ENVIRONMENTS, type Tool, type ToolTypeDescription } from '@admin-portal/contract/tools/api';
import { RetryAlert } from '../../../../shared/ui/retry-alert.tsx';
import type { JsonSchema } from '../../../../shared/ui/schema-form.tsx';
import { useToolConfigurations } from '../../api/tools-api.ts';
import { referencedSecrets } from '../../lib/registry/configuration-secrets.ts';
import { ConfigurationCard } from './configuration-card.tsx';

interface Props {
  tool: Tool;
  types: readonly ToolTypeDescription[] | undefined;
  canEdit: boolean;
  /** The user may approve this tool: their changes keep it approved. */
  canApprove?: boolean;
}

/** The Configurations tab: one card per environment (development, staging, production). */
export function ConfigurationsTab({ tool, types, canEdit, canApprove = false }: Props) {
  const configurations = useToolConfigurations(tool.id);
  const schema = types?.find((t) => t.type === tool.tool_type)?.config_schema as JsonSchema | undefined;
  const secrets = referencedSecrets(tool.config);

  if (configurations.isError) {
    return <RetryAlert onRetry={configurations.refetch}>Configurations could not be loaded: {configurations.error.message}</RetryAlert>;
  }
  if (configurations.isPending) {
    return (
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Placeholder xs={12} size="lg" className="mb-3" /> <Placeholder xs={12} size="lg" className="mb-3" /> <Placeholder xs={12} size="lg" />
      </Placeholder>
    );
  }
  return (
    <>
      <p className="small text-body-secondary">
        Each environment may override some of the tool’s settings and holds its own secrets
        {secrets.length > 0 && (
          <>
            {' '}
            (this tool reads{' '}
            {secrets.map((s, i) => (
              <span key={s}>
                {i > 0 && ', '}
                <code>{s}</code>
              </span>
            ))}
            )
          </>
        )}
        . Tests choose the environment; MCP clients use their API key’s. Secrets are sent only with the call they were approved for: a change to what an
        approved tool calls goes back for approval.
      </p>
      {ENVIRONMENTS.map((environment) => (
        <ConfigurationCard
          key={environment}
          tool={tool}
          environment={environment}
          configuration={configurations.data.items.find((c) => c.environment === environment)}
          configSchema={schema}
          referencedSecrets={secrets}
          canEdit={canEdit}
          canApprove={canApprove}
        />
      ))}
    </>
  );
}

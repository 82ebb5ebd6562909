import { useRef, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Placeholder from 'react-bootstrap/Placeholder';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link } from 'react-router';
import type { Tool, ToolTypeDescription } from '@admin-portal/contract/tools/api';
import { ApiError } from '../../../../shared/api/api-result.ts';
import { auditHistoryUrl } from '../../../../shared/lib/audit-history.ts';
import { notify } from '../../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../../shared/notifications/toast-titles.ts';
import { useDeleteTool, useTool } from '../../api/tools-api.ts';
import { canApproveTool, type ToolAbilities } from '../../lib/abilities.ts';
import type { DateFormats } from '../../../../shared/lib/date-formats.ts';
import { DETAIL_TABS, type DetailTab } from '../../lib/registry/list-state.ts';
import { CopyButton } from '../../../../shared/ui/copy-button.tsx';
import { ApprovalTab } from './approval-tab.tsx';
import { ConfigurationsTab } from './configurations-tab.tsx';
import { DefinitionTab } from './definition-tab.tsx';
import { TestTab } from './test-tab.tsx';
import { ToolStatusBadge, ToolTypeBadge } from './tool-badges.tsx';

interface Props {
  /** The tool to show; null closes the panel. */
  toolId: string | null;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  onClose: () => void;
  abilities: ToolAbilities;
  types: readonly ToolTypeDescription[] | undefined;
  dateFormat: DateFormats;
}

const TITLE_ID = 'tool-detail-title';

/**
 * One tool, in a panel over the list (its id and tab are in the URL, so it can be linked to): its definition,
 * per-environment configurations, the test console and its approval, and deleting it.
 */
export function ToolDetail({ toolId, tab, onTab, onClose, abilities, types, dateFormat }: Props) {
  // While the panel slides out, keep showing the tool it showed.
  const lastId = useRef<string | null>(toolId);
  if (toolId) lastId.current = toolId;
  const id = toolId ?? lastId.current;
  const tool = useTool(id);
  const [confirmingFor, setConfirmingFor] = useState<string | null>(null);
  const confirming = confirmingFor !== null && confirmingFor === tool.data?.id;

  return (
    <Offcanvas show={toolId !== null} onHide={onClose} placement="end" className="tool-detail" aria-labelledby={TITLE_ID}>
      <Offcanvas.Header closeButton closeLabel="Close tool details" className="border-bottom align-items-start">
        <div className="min-w-0">
          <Offcanvas.Title id={TITLE_ID} as="h2" className="h5 mb-1 font-monospace text-break">
            {tool.data?.name ?? (tool.isError ? 'Tool' : 'Loading tool…')}
          </Offcanvas.Title>
          {tool.data && (
            <ToolSummary tool={tool.data} types={types} dateFormat={dateFormat}>
              {abilities.history && (
                <Link to={auditHistoryUrl('tool', tool.data.id)} className="btn btn-sm btn-outline-secondary">
                  Audit history
                </Link>
              )}
              {abilities.manage && !confirming && (
                <Button variant="outline-danger" size="sm" onClick={() => setConfirmingFor(tool.data.id)}>
                  Delete…
                </Button>
              )}
            </ToolSummary>
          )}
        </div>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {tool.isError ? (
          <Alert
            variant={tool.error instanceof ApiError && tool.error.status === 404 ? 'warning' : 'danger'}
            className="d-flex align-items-center justify-content-between gap-3"
          >
            <span>
              {tool.error instanceof ApiError && tool.error.status === 404
                ? 'This tool no longer exists (it may have been deleted).'
                : `The tool could not be loaded: ${tool.error.message}`}
            </span>
            <Button variant="outline-secondary" size="sm" onClick={onClose}>
              Close
            </Button>
          </Alert>
        ) : !tool.data ? (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={6} size="lg" /> <Placeholder xs={12} /> <Placeholder xs={10} /> <Placeholder xs={12} size="lg" />
          </Placeholder>
        ) : (
          <>
            {confirming && <DeleteConfirmation tool={tool.data} onCancel={() => setConfirmingFor(null)} onDeleted={onClose} />}
            <ToolTabs key={tool.data.id} tool={tool.data} tab={tab} onTab={onTab} abilities={abilities} types={types} dateFormat={dateFormat} />
          </>
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}

function ToolSummary({
  tool,
  types,
  dateFormat,
  children,
}: {
  tool: Tool;
  types: readonly ToolTypeDescription[] | undefined;
  dateFormat: DateFormats;
  children?: ReactNode;
}) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 small">
      <ToolTypeBadge type={tool.tool_type} types={types} />
      <ToolStatusBadge status={tool.status} />
      <span className="text-body-secondary">
        Registered by {tool.created_by_email ?? 'someone no longer here'} · updated{' '}
        <time dateTime={tool.updated_at}>{dateFormat.full.format(new Date(tool.updated_at))}</time>
      </span>
      <CopyButton text={tool.name} what="tool name" />
      {children}
    </div>
  );
}

function ToolTabs({
  tool,
  tab,
  onTab,
  abilities,
  types,
  dateFormat,
}: {
  tool: Tool;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  abilities: ToolAbilities;
  types: readonly ToolTypeDescription[] | undefined;
  dateFormat: DateFormats;
}) {
  return (
    <Tabs
      id={`tool-tabs-${tool.id.slice(0, 8)}`}
      activeKey={tab}
      onSelect={(key) => key && (DETAIL_TABS as readonly string[]).includes(key) && onTab(key as DetailTab)}
      mountOnEnter
      className="mb-3"
    >
      <Tab eventKey="definition" title="Definition">
        <DefinitionTab tool={tool} types={types} canEdit={abilities.manage} canApprove={canApproveTool(abilities, tool)} />
      </Tab>
      <Tab eventKey="configurations" title="Configurations">
        <ConfigurationsTab tool={tool} types={types} canEdit={abilities.manage} canApprove={canApproveTool(abilities, tool)} />
      </Tab>
      <Tab eventKey="test" title="Test">
        <TestTab key={JSON.stringify(tool.input_schema)} tool={tool} canRun={abilities.manage} dateFormat={dateFormat} />
      </Tab>
      <Tab eventKey="approval" title="Approval">
        <ApprovalTab tool={tool} abilities={abilities} dateFormat={dateFormat} />
      </Tab>
    </Tabs>
  );
}

/** Asks before deleting: the tool goes with its configurations and secrets; its recorded runs stay for analytics. */
function DeleteConfirmation({ tool, onCancel, onDeleted }: { tool: Tool; onCancel: () => void; onDeleted: () => void }) {
  const remove = useDeleteTool();
  const [failure, setFailure] = useState<string | null>(null);

  async function onDelete() {
    setFailure(null);
    try {
      await remove.mutateAsync(tool.id);
      notify({ type: 'success', title: TOAST_TITLES.toolDeleted, message: `“${tool.name}” has been deleted; its recorded runs stay in analytics.` });
      onDeleted();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Alert variant="danger" className="mb-3 py-2" role="group" aria-label="Confirm deleting the tool">
      <p className="mb-2">
        Delete <strong className="font-monospace">{tool.name}</strong> with its configurations and secrets? Workflows that call it will fail. This cannot be
        undone.
      </p>
      {failure && <p className="mb-2 fw-semibold">{failure}</p>}
      <div className="d-flex gap-2">
        <Button variant="danger" size="sm" onClick={() => void onDelete()} disabled={remove.isPending}>
          {remove.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Delete tool
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={onCancel} autoFocus>
          Cancel
        </Button>
      </div>
    </Alert>
  );
}

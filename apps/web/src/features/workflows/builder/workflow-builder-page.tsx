import { BUILDER_HEADING } from '@admin-portal/contract/page-headings';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { WorkflowDetail, WorkflowVersion } from '@admin-portal/contract/workflows/api';
import { PageSpinner } from '../../../shared/ui/spinner.tsx';
import { useStepTypes, useWorkflow, useWorkflowVersion, workflowQueryOptions, workflowVersionQueryOptions, WORKFLOWS_KEY } from '../api/workflows-api.ts';
import type { WorkflowAbilities } from '../lib/abilities.ts';
import type { BuilderHost as BuilderHostComponent } from './builder-host.tsx';
import './builder.css';

/**
 * The canvas's chunk (React Flow, the editor, the step schemas): the heading and the spinner are drawn before it starts.
 * Loaded by hand rather than with `lazy` and Suspense, whose reveal React holds back for up to 300 ms.
 */
let hostLoaded: typeof BuilderHostComponent | null = null;
const loadHost = () =>
  import('./builder-host.tsx').then((m) => {
    hostLoaded = m.BuilderHost;
    return m.BuilderHost;
  });

/**
 * The canvas's component once its chunk has loaded (at once when an earlier page loaded it). A chunk that cannot load
 * is thrown, to the route's error page, as a screen's own chunk would be.
 */
function useBuilderHost(): typeof BuilderHostComponent | null {
  const [host, setHost] = useState(() => hostLoaded);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (host) return;
    let live = true;
    loadHost().then(
      (loaded) => live && setHost(() => loaded),
      (error: unknown) => live && setFailure(error ?? new Error('The Visual Builder could not be loaded')),
    );
    return () => {
      live = false;
    };
  }, [host]);
  if (failure) throw failure;
  return host;
}

/** `?draft=N`: a positive version number, else none. */
const draftOf = (value: string | null): number | null => (value !== null && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null);

/**
 * /workflows/builder (new workflow), /workflows/builder?id= (edit one) and ?id=&draft=N (the draft beside an active
 * workflow's live version, ADR 0062). `generate`: the app's "Generate with AI" control, offered above a new, empty
 * workflow.
 */
export function WorkflowBuilderPage({ abilities, generate }: { abilities: WorkflowAbilities; generate?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const queryClient = useQueryClient();
  const stepTypes = useStepTypes();
  const workflow = useWorkflow(id);
  const draftNumber = id === null ? null : draftOf(params.get('draft'));
  const draftQuery = useWorkflowVersion(id, draftNumber);
  // The editor that saved a new workflow keeps running when its id lands in the URL; any other id change (or a reload) mounts a fresh one.
  const createdHere = useRef<string | null>(null);
  const [loadSeq, setLoadSeq] = useState(0);
  const BuilderHost = useBuilderHost();

  const onCreated = useCallback(
    (detail: WorkflowDetail) => {
      createdHere.current = detail.id;
      queryClient.setQueryData(workflowQueryOptions(detail.id).queryKey, detail);
      setParams({ id: detail.id }, { replace: true });
    },
    [queryClient, setParams],
  );
  const onReload = useCallback(() => {
    createdHere.current = null;
    // A draft's state changes when it is published or discarded: its version is read again with the workflow.
    void Promise.all([
      queryClient.resetQueries({ queryKey: [...WORKFLOWS_KEY, 'detail'] }),
      queryClient.resetQueries({ queryKey: [...WORKFLOWS_KEY, 'version'] }),
      queryClient.invalidateQueries({ queryKey: [...WORKFLOWS_KEY, 'versions'] }),
      queryClient.invalidateQueries({ queryKey: [...WORKFLOWS_KEY, 'page'] }),
    ]).then(() => setLoadSeq((s) => s + 1));
  }, [queryClient]);
  /** Opens the live version or a draft afresh (a new editor, as a reload). */
  const onOpen = useCallback(
    (draft: number | null) => {
      if (id === null) return;
      setParams(draft === null ? { id } : { id, draft: String(draft) });
      onReload();
    },
    [id, onReload, setParams],
  );
  /** The editor saved a draft: its number goes in the URL, and the editor keeps running. */
  const onDraftSaved = useCallback(
    (draft: WorkflowVersion) => {
      queryClient.setQueryData(workflowVersionQueryOptions(draft.workflow_id, draft.version).queryKey, draft);
      void queryClient.invalidateQueries({ queryKey: [...WORKFLOWS_KEY, 'versions'] });
      setParams({ id: draft.workflow_id, draft: String(draft.version) }, { replace: true });
    },
    [queryClient, setParams],
  );

  const detail = id !== null ? (workflow.data ?? null) : null;
  const heading = (
    <h1 className="visually-hidden">
      {BUILDER_HEADING}
      {detail ? `: ${detail.name}` : ''}
    </h1>
  );
  if (stepTypes.isError || workflow.isError) {
    const error = stepTypes.error ?? workflow.error;
    return (
      <div className="container-fluid py-3">
        <Alert variant="danger">
          <Alert.Heading as="h1" className="h5">
            The workflow could not be loaded
          </Alert.Heading>
          <p>{error?.message}</p>
          <div className="d-flex gap-2">
            <Button variant="outline-danger" size="sm" onClick={() => void (stepTypes.isError ? stepTypes.refetch() : workflow.refetch())}>
              Retry
            </Button>
            <Link className="btn btn-sm btn-outline-secondary" to="/workflows">
              Back to All Workflows
            </Link>
          </div>
        </Alert>
      </div>
    );
  }
  const spinner = <PageSpinner label="Loading the Visual Builder…" />;
  if (!BuilderHost || !stepTypes.data || (id !== null && !detail) || (draftNumber !== null && draftQuery.isPending)) {
    return (
      <div className="builder-page">
        {heading}
        {spinner}
      </div>
    );
  }

  // A draft opens only while it is pending (a published or discarded one, or an unknown number, opens the live version).
  const draft = detail && draftQuery.data?.state === 'pending' ? draftQuery.data : null;
  const editorKey = id === null || id === createdHere.current ? `new-${loadSeq}` : `${id}-${loadSeq}`;
  return (
    <div className="builder-page">
      {heading}
      {id === null && abilities.manage && generate && (
        <div className="builder-generate d-flex flex-wrap align-items-center gap-2 mb-2">
          <span className="text-body-secondary small">Start from a description instead:</span>
          {generate}
        </div>
      )}
      <BuilderHost
        key={editorKey}
        detail={detail}
        draft={draft}
        stepTypes={stepTypes.data.items}
        abilities={abilities}
        onCreated={onCreated}
        onReload={onReload}
        onOpen={onOpen}
        onDraftSaved={onDraftSaved}
      />
    </div>
  );
}

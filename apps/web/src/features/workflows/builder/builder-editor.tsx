import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Background,
  ControlButton,
  Controls,
  ReactFlow,
  applyNodeChanges,
  useNodesInitialized,
  useReactFlow,
  useStore as useFlowStore,
  useStoreApi,
  type Connection,
  type IsValidConnection,
  type NodeChange,
  type Rect,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useNavigate } from 'react-router';
import type { GraphProblemBody, WorkflowDetail, WorkflowVersion } from '@admin-portal/contract/workflows/api';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { ApiError } from '../../../shared/api/api-result.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useTheme } from '../../../shared/theme/theme.ts';
import { BUILDER_ICONS } from '../../../shared/ui/icon-sets/builder.ts';
import { addIcons, Icon } from '../../../shared/ui/icons.tsx';
import { createCompleteWorkflow, discardWorkflowDraft, publishWorkflowDraft, saveWorkflowDraft, saveWorkflowGraph } from '../api/workflows-api.ts';
import type { WorkflowAbilities } from '../lib/abilities.ts';
import type { SimulationOverlay } from '../simulation/simulation-overlay.ts';
import { TOAST_CLEAR } from '../../../shared/notifications/toast-clearance.ts';
import { BuilderContext, type BuilderContextValue } from './builder-context.ts';
import { BuilderToolbar } from './builder-toolbar.tsx';
import { useConfirmedMeasurementsOnly, useFirstView } from './canvas-view.ts';
import { Overview } from './overview.tsx';
import { asFlowPadding, fitPadding, measureOverlays, type CanvasOverlays } from './fit-padding.ts';
import { ConfigPanel, selectionOf, type Selection } from './config-panel.tsx';
import {
  addStep,
  connect,
  connectionRefusal,
  copySelection,
  createStep,
  deleteSelection,
  hasSelection,
  paste,
  remapIds,
  savedIdMap,
  selectEdge,
  toGraph,
  updateStepData,
  withMeasuredGeometry,
  type BuilderGraph,
  type Clipboard,
  type StepData,
  type StepEdge,
  type StepNode,
  type StepTypes,
} from './graph-model.ts';
import { beginGesture, commit, createHistory, endGesture, live, mapAll, redo, undo, type History } from './history.ts';
import { EdgeLayer } from './edge-layer.tsx';
import { Palette, STEP_TYPE_MIME } from './palette.tsx';
import { createProblemsStore } from './problems-store.ts';
import { ProblemsPanel } from './problems-panel.tsx';
import { StepNodeComponent } from './step-node.tsx';
import { hasUnsavedChanges } from './unsaved-changes.ts';
import { useLeaveGuard } from './use-leave-guard.tsx';
import { useWorkflowStatus } from './use-workflow-status.ts';
import { DraftBanner } from './draft-banner.tsx';
import { metaOf, type WorkflowMeta } from './workflow-meta.ts';

addIcons(BUILDER_ICONS);

const NODE_TYPES = { step: StepNodeComponent };
const FIT_MAX_ZOOM = 1.2;
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 2;
/** Below this zoom text is under 5 px and a handle under 4 px: steps draw their lighter, far-away version. */
const FAR_ZOOM = 0.35;
const PRO_OPTIONS = { hideAttribution: true };
const PROBLEM_CHECK_DELAY_MS = 250;
const MINIMAP_STYLE = { width: 160, height: 110 };
/** React Flow's panels sit 15 px from the canvas's edges; the zoom buttons are three 26 px squares with 1 px rules. */
const PANEL_MARGIN = 15;
/** What the overview and the zoom buttons take from their corners, until they are drawn and can be measured. */
const OVERLAYS: CanvasOverlays = {
  bottomRight: { width: MINIMAP_STYLE.width + PANEL_MARGIN, height: MINIMAP_STYLE.height + PANEL_MARGIN },
  bottomLeft: { width: 26 + PANEL_MARGIN, height: 3 * 27 + PANEL_MARGIN },
};
const MINIMAP_LIVE_LIMIT = 150;
/**
 * From this many steps React Flow draws only the steps in view (and those entering it as one pans), and the edge layer
 * only the connections near it: a 2,000-step workflow opened readable at its start draws a few dozen steps, not 2,000
 * the browser must hit-test on every mouse move, and routes a few hundred connections, not 2,664.
 */
const VISIBLE_ONLY_FROM = 300;
// Props of the canvas keep their identity between renders: a new object on every drag frame would make React Flow
// re-bind its key handlers. React Flow is given no edges: the EdgeLayer draws the connections (ADR 0018).
const NO_EDGES: StepEdge[] = [];
const MULTI_SELECTION_KEYS = ['Meta', 'Control', 'Shift'];

/** Steps copied with Ctrl+C, kept for the tab's life so they paste into another workflow too. */
let clipboard: Clipboard | null = null;

interface Props {
  initial: WorkflowMeta;
  graph: BuilderGraph;
  types: StepTypes;
  abilities: WorkflowAbilities;
  /** A new workflow was saved for the first time: the page puts its id in the URL without reloading the editor. */
  onCreated: (detail: WorkflowDetail) => void;
  /** A version was restored (or a reload asked for): the page loads the workflow afresh. */
  onReload: () => void;
  /** Opens the live version (null) or a draft beside it afresh, as a reload does (ADR 0062). */
  onOpen: (draft: number | null) => void;
  /** A draft was saved from this editor: the page puts its number in the URL without reloading the editor. */
  onDraftSaved: (draft: WorkflowVersion) => void;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The Visual Builder's editing surface: toolbar, palette, canvas and side panel around one undoable document. */
export function BuilderEditor({ initial, graph: initialGraph, types, abilities, onCreated, onReload, onOpen, onDraftSaved }: Props) {
  const theme = useTheme();
  const flow = useReactFlow<StepNode, StepEdge>();
  const navigate = useNavigate();
  const [history, setHistory] = useState<History<BuilderGraph>>(() => createHistory(initialGraph));
  const [savedRev, setSavedRev] = useState(history.rev);
  const [meta, setMeta] = useState(initial);
  // Changing workflows needs workflow:manage (as PUT /complete does); an archived workflow is reopened before editing.
  const readOnly = !abilities.manage || meta.status === 'archived';
  const [savedName, setSavedName] = useState(initial.name);
  const [saving, setSaving] = useState(false);
  /** The server's word when a save met a newer version saved elsewhere; shown with the way to load it until a save succeeds. */
  const [conflict, setConflict] = useState<string | null>(null);
  const [problemsOpen, setProblemsOpen] = useState(false);
  const problems = useMemo(() => createProblemsStore(), []);
  const graph = history.doc;
  const graphRef = useRef(graph);
  graphRef.current = graph;
  const dirty = hasUnsavedChanges({ rev: history.rev, savedRev, name: meta.name, savedName });
  const wrapper = useRef<HTMLDivElement>(null);
  const nodesInitialized = useNodesInitialized();

  const store = useStoreApi<StepNode, StepEdge>();
  useConfirmedMeasurementsOnly(store);
  const [fitted, setFitted] = useState(false);
  // Fitting the workflow in view keeps it clear of the overview and the zoom buttons (fit-padding.ts).
  const fitOptions = useMemo(
    () => ({
      maxZoom: FIT_MAX_ZOOM,
      padding: (bounds: Rect, width: number, height: number) =>
        asFlowPadding(fitPadding(bounds, width, height, wrapper.current ? measureOverlays(wrapper.current, OVERLAYS) : OVERLAYS, FIT_MAX_ZOOM)),
    }),
    [],
  );
  // React Flow queues a fit until its next update of the steps (a frame later): the promise says when it is drawn.
  const fitAll = useCallback(
    async (duration?: number): Promise<void> => {
      const rect = wrapper.current?.getBoundingClientRect();
      const nodes = graphRef.current.nodes;
      if (!rect || nodes.length === 0) return;
      const bounds = flow.getNodesBounds(nodes);
      await flow.fitView({ maxZoom: FIT_MAX_ZOOM, padding: fitOptions.padding(bounds, rect.width, rect.height), ...(duration ? { duration } : {}) });
    },
    [flow, fitOptions],
  );
  // A large workflow too spread out to read fitted opens readable at its start (canvas-view.ts); a smaller one is fitted whole.
  const view = useFirstView(store, graphRef, wrapper, fitOptions, MIN_ZOOM, initialGraph.nodes.length >= VISIBLE_ONLY_FROM ? FAR_ZOOM : 0, () =>
    setFitted(true),
  );
  const large = graph.nodes.length >= VISIBLE_ONLY_FROM;
  // Steps without computed sizes are fitted once measured; the canvas is ready (and shown) once that fit is drawn, so
  // the first zoom a person or a test acts on is the fitted one, never the default it replaces.
  useEffect(() => {
    if (!nodesInitialized || fitted || !view) return;
    let current = true;
    void fitAll().then(() => current && setFitted(true));
    return () => {
      current = false;
    };
  }, [nodesInitialized, fitted, fitAll, view]);
  const far = useFlowStore((s) => s.transform[2] < FAR_ZOOM);

  const [simulation, setSimulation] = useState<SimulationOverlay | null>(null);
  const context = useMemo<BuilderContextValue>(
    () => ({ types, problems, readOnly, theme, far, simulation }),
    [types, problems, readOnly, theme, far, simulation],
  );

  // The checks run on the page while editing (debounced, and never on the frames of a drag: positions do not matter).
  const nodes = graph.nodes;
  const edges = graph.edges;
  const structure = useMemo(() => ({ data: nodes.map((n) => n.data), ids: nodes.map((n) => n.id).join('|') }), [nodes]);
  const checkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const checkFrame = useRef(0);
  const structureKey = useRef<{ data: StepData[]; edges: StepEdge[]; ids: string } | null>(null);
  const canvasReady = fitted || graph.nodes.length === 0;
  useEffect(() => {
    // The first check waits for the canvas: it becomes usable before the problems are counted.
    if (!canvasReady) return;
    const previous = structureKey.current;
    const same = previous && previous.edges === edges && previous.ids === structure.ids && previous.data.every((d, i) => d === structure.data[i]);
    if (same) return;
    structureKey.current = { ...structure, edges };
    // The timer lives in a ref: a later render that changes nothing (a measurement) must not cancel it.
    clearTimeout(checkTimer.current);
    cancelAnimationFrame(checkFrame.current);
    const check = () => problems.check(toGraph(graphRef.current));
    if (previous) checkTimer.current = setTimeout(check, PROBLEM_CHECK_DELAY_MS);
    // The first check runs once the canvas has been drawn (at 2,000 steps it takes ~100 ms): the next frame, then a task.
    else checkFrame.current = requestAnimationFrame(() => (checkTimer.current = setTimeout(check, 0)));
  }, [canvasReady, structure, edges, problems]);
  useEffect(
    () => () => {
      clearTimeout(checkTimer.current);
      cancelAnimationFrame(checkFrame.current);
    },
    [],
  );

  const change = useCallback((next: (g: BuilderGraph) => BuilderGraph, key: string | null = null) => {
    setHistory((h) => commit(h, next(h.doc), key));
  }, []);

  // The moves of a drag go straight to the canvas's store: re-rendering the whole editor for each frame of a drag
  // costs more than the frame has. The document takes the positions when the drag ends, or sooner if anything else
  // changes the steps meanwhile, so the canvas never shows positions the document has lost.
  const dragMoves = useRef(new Map<string, NodeChange<StepNode>>());
  const onNodesChange = useCallback(
    (changes: NodeChange<StepNode>[]) => {
      const moves = changes.filter((c) => c.type === 'position' && c.dragging);
      const others = changes.filter((c) => c.type !== 'remove' && !(c.type === 'position' && c.dragging));
      if (moves.length > 0) {
        for (const c of moves) dragMoves.current.set((c as { id: string }).id, c);
        const { nodes: shown, setNodes } = store.getState();
        setNodes(applyNodeChanges(moves, shown));
      }
      if (others.length > 0) {
        const pending = [...dragMoves.current.values()];
        for (const c of others) if (c.type === 'position') dragMoves.current.delete(c.id);
        const measured = new Set(others.flatMap((c) => (c.type === 'dimensions' ? [c.id] : [])));
        setHistory((h) => live(h, { ...h.doc, nodes: withMeasuredGeometry(applyNodeChanges([...pending, ...others], h.doc.nodes), measured) }));
      }
    },
    [store],
  );
  const onSelectEdge = useCallback((id: string, additive: boolean) => setHistory((h) => live(h, selectEdge(h.doc, id, additive))), []);
  const [dragging, setDragging] = useState(false);
  const onDragStart = useCallback(() => {
    setDragging(true);
    setHistory((h) => beginGesture(h));
  }, []);
  const onDragStop = useCallback(() => {
    // React Flow has sent each dragged step's final position (a change without `dragging`) before this.
    dragMoves.current.clear();
    setDragging(false);
    setHistory((h) => endGesture(h, h.gestureStart !== null && h.gestureStart.doc !== h.doc));
  }, []);
  const isValidConnection = useCallback<IsValidConnection<StepEdge>>(
    (c) => connectionRefusal(types, graphRef.current, { source: c.source, target: c.target, sourceHandle: c.sourceHandle }) === null,
    [types],
  );
  const onConnect = useCallback((c: Connection) => change((g) => connect(types, g, c)), [change, types]);

  const addAt = useCallback(
    (type: string, position: { x: number; y: number }) => change((g) => addStep(g, createStep(types, g, type, position))),
    [change, types],
  );
  const addInView = useCallback(
    (type: string) => {
      const rect = wrapper.current?.getBoundingClientRect();
      const centre = rect ? flow.screenToFlowPosition({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }) : { x: 0, y: 0 };
      const jitter = (graphRef.current.nodes.length % 5) * 16;
      addAt(type, { x: centre.x - 110 + jitter, y: centre.y - 38 + jitter });
    },
    [addAt, flow],
  );
  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(STEP_TYPE_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = event.dataTransfer.getData(STEP_TYPE_MIME);
      if (!type || readOnly) return;
      event.preventDefault();
      const p = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      addAt(type, { x: p.x - 110, y: p.y - 38 });
    },
    [addAt, flow, readOnly],
  );

  const onStepChange = useCallback(
    (id: string, data: StepData, field: string) => change((g) => updateStepData(types, g, id, data), `${id}:${field}`),
    [change, types],
  );
  const removeSelection = useCallback(() => change(deleteSelection), [change]);
  // The layout engine (dagre) is downloaded on the first auto-layout, not with the builder.
  const layout = useCallback(() => {
    void import('./auto-layout.ts').then(({ autoLayout }) => {
      change(autoLayout);
      requestAnimationFrame(() => void fitAll(300));
    });
  }, [change, fitAll]);

  // ------------------------------------------------------------------------------------------
  // Saving and status

  const showRefusal = useCallback(
    (error: unknown, what: string) => {
      const message = error instanceof Error ? error.message : `${what} failed`;
      const body = error instanceof ApiError ? (error.body as { problems?: GraphProblemBody[] } | null) : null;
      if (body?.problems?.length) {
        // The server's list stands until the next edit: a page check still pending must not replace it.
        clearTimeout(checkTimer.current);
        problems.showServer(body.problems);
        setProblemsOpen(true);
      }
      notify({ type: 'error', title: TOAST_TITLES.failed(what), message });
    },
    [problems],
  );

  /**
   * The one way the canvas is saved, as the workflow or as a draft beside its live version: the name is checked, `send`
   * takes the name and the graph, and what the server gave back becomes what is saved here (final ids, the name). A
   * save that met a newer version says so above the canvas until one succeeds.
   */
  const persist = useCallback(
    async <T extends Pick<WorkflowDetail, 'name' | 'steps' | 'connections'>>(send: (name: string, graph: WorkflowGraph) => Promise<T>): Promise<T | null> => {
      if (readOnly || saving) return null;
      const name = meta.name.trim();
      if (!name) {
        notify({ type: 'error', title: TOAST_TITLES.saveFailed, message: 'Workflow name is required' });
        return null;
      }
      const sent = graphRef.current;
      const sentRev = history.rev;
      setSaving(true);
      try {
        const saved = await send(name, toGraph(sent));
        const ids = savedIdMap(sent, saved);
        setHistory((h) => mapAll(h, (doc) => remapIds(doc, ids)));
        setSavedRev(sentRev);
        setSavedName(saved.name);
        setConflict(null);
        return saved;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // The toast goes after 5 s like every other (spec §4); the way out stays on the page until used.
          setConflict(error.message);
          notify({ type: 'error', title: TOAST_TITLES.saveFailed, message: error.message });
        } else {
          showRefusal(error, 'Save');
        }
        return null;
      } finally {
        setSaving(false);
      }
    },
    [history.rev, meta.name, readOnly, saving, showRefusal],
  );

  const save = useCallback(async (): Promise<WorkflowDetail | null> => {
    const detail = await persist((name, graph) =>
      meta.id === null
        ? createCompleteWorkflow({ name, description: meta.description, category: meta.category, graph })
        : saveWorkflowGraph(meta.id, { name, graph, expected_version: meta.version }),
    );
    if (!detail) return null;
    setMeta(metaOf(detail));
    if (meta.id === null) onCreated(detail);
    notify({ type: 'success', title: TOAST_TITLES.workflowSaved, message: `${detail.name} is saved as version ${detail.version}.` });
    return detail;
  }, [meta.category, meta.description, meta.id, meta.version, onCreated, persist]);

  /**
   * Saves the canvas as a draft beside the live version of an active workflow (ADR 0062): the draft open here, or a
   * new one from the live version. Applications keep starting on the live version until the draft is published.
   */
  const saveDraft = useCallback(async (): Promise<WorkflowVersion | null> => {
    const id = meta.id;
    if (id === null) return null;
    const expected = meta.draftVersion ?? meta.pendingVersion ?? meta.version;
    const draft = await persist((name, graph) => saveWorkflowDraft(id, { name, graph, expected_version: expected }));
    if (!draft) return null;
    setMeta((m) => ({ ...m, name: draft.name, pendingVersion: draft.version, draftVersion: draft.version }));
    onDraftSaved(draft);
    notify({
      type: 'success',
      title: TOAST_TITLES.draftSaved,
      message: `${draft.name} is saved as draft version ${draft.version}. Applications start on version ${meta.version} until it is published.`,
    });
    return draft;
  }, [meta.draftVersion, meta.id, meta.pendingVersion, meta.version, onDraftSaved, persist]);

  /** The draft open here goes live under its own number (saved first when changed), then the live version opens. */
  const publish = useCallback(async () => {
    if (readOnly || meta.id === null || meta.draftVersion === null) return;
    let version: number = meta.draftVersion;
    if (dirty) {
      const saved = await saveDraft();
      if (!saved) return;
      version = saved.version;
    }
    setSaving(true);
    try {
      const live = await publishWorkflowDraft(meta.id, version);
      notify({
        type: 'success',
        title: TOAST_TITLES.draftPublished,
        message: `Version ${live.version} of ${live.name} is live: new applications start on it.`,
      });
      onOpen(null);
    } catch (error) {
      showRefusal(error, 'Publishing');
    } finally {
      setSaving(false);
    }
  }, [dirty, meta.draftVersion, meta.id, onOpen, readOnly, saveDraft, showRefusal]);

  const discardDraft = useCallback(async () => {
    if (meta.id === null || meta.draftVersion === null) return;
    try {
      await discardWorkflowDraft(meta.id, meta.draftVersion);
      notify({
        type: 'success',
        title: TOAST_TITLES.draftDiscarded,
        message: `Draft version ${meta.draftVersion} is set aside; version ${meta.version} stays live.`,
      });
      onOpen(null);
    } catch (error) {
      showRefusal(error, 'Discard');
    }
  }, [meta.draftVersion, meta.id, meta.version, onOpen, showRefusal]);

  /** What Save does: on a draft, saves the draft; else saves (and on an active workflow, publishes) the workflow. */
  const saveCanvas = useCallback(() => void (meta.draftVersion !== null ? saveDraft() : save()), [meta.draftVersion, save, saveDraft]);

  const closeProblems = useCallback(() => setProblemsOpen(false), []);
  const status = useWorkflowStatus({ meta, setMeta, dirty, save, showRefusal, onActivated: closeProblems });

  // ------------------------------------------------------------------------------------------
  // Keyboard

  const doUndo = useCallback(() => setHistory((h) => undo(h)), []);
  const doRedo = useCallback(() => setHistory((h) => redo(h)), []);
  const copy = useCallback(() => {
    const copied = copySelection(graphRef.current);
    if (copied) clipboard = copied;
    return copied;
  }, []);
  const pasteClipboard = useCallback(() => {
    if (clipboard) change((g) => paste(types, g, clipboard!));
  }, [change, types]);
  const selectAll = useCallback(() => {
    setHistory((h) =>
      live(h, {
        nodes: h.doc.nodes.map((n) => (n.selected ? n : { ...n, selected: true })),
        edges: h.doc.edges.map((e) => (e.selected ? e : { ...e, selected: true })),
      }),
    );
  }, []);
  const clearSelection = useCallback(() => {
    setHistory((h) =>
      live(h, {
        nodes: h.doc.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)),
        edges: h.doc.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
      }),
    );
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        saveCanvas();
        return;
      }
      if (isTyping(event.target) || document.querySelector('.modal.show')) return;
      if (!wrapper.current?.closest('.builder')?.contains(document.activeElement) && document.activeElement !== document.body) return;
      if (mod && key === 'z' && !readOnly) {
        event.preventDefault();
        if (event.shiftKey) doRedo();
        else doUndo();
      } else if (mod && key === 'y' && !readOnly) {
        event.preventDefault();
        doRedo();
      } else if (mod && key === 'c') {
        if (copy()) event.preventDefault();
      } else if (mod && key === 'x' && !readOnly) {
        if (copy()) {
          event.preventDefault();
          removeSelection();
        }
      } else if (mod && key === 'v' && !readOnly) {
        event.preventDefault();
        pasteClipboard();
      } else if (mod && key === 'a') {
        event.preventDefault();
        selectAll();
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && !readOnly && hasSelection(graphRef.current)) {
        event.preventDefault();
        removeSelection();
      } else if (event.key === 'Escape') {
        clearSelection();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [clearSelection, copy, doRedo, doUndo, pasteClipboard, readOnly, removeSelection, saveCanvas, selectAll]);

  const leaveGuard = useLeaveGuard(dirty && !readOnly);

  // Stable props, so the toolbar, palette and side panel skip the renders of a drag.
  const typeList = useMemo(() => [...types.values()], [types]);
  const getGraph = useCallback(() => graphRef.current, []);
  const nameOf = useCallback((id: string) => graphRef.current.nodes.find((n) => n.id === id)?.data.name ?? id, []);
  const onNameChange = useCallback((name: string) => setMeta((m) => ({ ...m, name })), []);
  const onSaveDraft = useCallback(() => void saveDraft(), [saveDraft]);
  const onPublish = useCallback(() => void publish(), [publish]);
  const toggleProblems = useCallback(() => setProblemsOpen((o) => !o), []);
  const goBack = useCallback(() => navigate('/workflows'), [navigate]);
  const selectionRef = useRef<Selection>({ nodes: [], edges: [] });
  selectionRef.current = selectionOf(graph, selectionRef.current);
  const selection = selectionRef.current;

  const focusStep = useCallback(
    (stepId: string) => {
      const node = graphRef.current.nodes.find((n) => n.id === stepId);
      if (!node) return;
      setHistory((h) =>
        live(h, {
          nodes: h.doc.nodes.map((n) => ({ ...n, selected: n.id === stepId })),
          edges: h.doc.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
        }),
      );
      void flow.setCenter(node.position.x + 110, node.position.y + 38, { zoom: Math.max(flow.getZoom(), 0.9), duration: 300 });
    },
    [flow],
  );

  return (
    <BuilderContext.Provider value={context}>
      <div className="builder" data-builder-ready={canvasReady ? 'true' : 'false'}>
        <BuilderToolbar
          meta={meta}
          readOnly={readOnly}
          abilities={abilities}
          dirty={dirty}
          saving={saving}
          canUndo={history.past.length > 0}
          canRedo={history.future.length > 0}
          problems={problems}
          getGraph={getGraph}
          onNameChange={onNameChange}
          onUndo={doUndo}
          onRedo={doRedo}
          onLayout={layout}
          onSave={saveCanvas}
          onSaveDraft={onSaveDraft}
          onPublish={onPublish}
          onToggleProblems={toggleProblems}
          status={status}
          onRestored={onReload}
          onBack={goBack}
          onShowSimulation={setSimulation}
        />
        {simulation && (
          <section
            {...TOAST_CLEAR}
            className="alert alert-info rounded-0 border-start-0 border-end-0 mb-0 py-1 px-3 d-flex flex-wrap align-items-center gap-2 small"
            aria-label="Simulation on the graph"
          >
            <span className="me-auto">
              <strong>Simulation of version {simulation.version}:</strong> cases through each step and connection, as they ran → on version {simulation.version}
              . <span className="builder-sim-key is-more">more</span> <span className="builder-sim-key is-fewer">fewer</span>
            </span>
            <button type="button" className="btn btn-sm btn-outline-secondary py-0" onClick={() => setSimulation(null)}>
              Hide
            </button>
          </section>
        )}
        <DraftBanner meta={meta} readOnly={readOnly} dirty={dirty} onOpen={onOpen} onDiscard={discardDraft} />
        {conflict && (
          // The error toast announces it; this stays until the person loads the latest version or a save succeeds.
          <section
            className="alert alert-warning rounded-0 border-start-0 border-end-0 mb-0 py-2 d-flex flex-wrap align-items-center gap-2"
            aria-label="Newer version of this workflow"
          >
            <span className="me-auto">
              <strong>Not saved.</strong> {conflict} Loading the latest version discards your changes here.
            </span>
            <button type="button" className="btn btn-sm btn-warning" onClick={onReload}>
              Load the latest version
            </button>
          </section>
        )}
        {problemsOpen && <ProblemsPanel problems={problems} onFocusStep={focusStep} onClose={() => setProblemsOpen(false)} />}
        <div className="builder-body">
          {!readOnly && <Palette types={typeList} onAdd={addInView} />}
          <div
            className={`builder-canvas${dragging ? ' is-dragging' : ''}${canvasReady ? '' : ' is-fitting'}`}
            ref={wrapper}
            onDragOver={onDragOver}
            onDrop={onDrop}
          >
            {view && (
              <ReactFlow<StepNode, StepEdge>
                nodes={graph.nodes}
                edges={NO_EDGES}
                nodeTypes={NODE_TYPES}
                onNodesChange={onNodesChange}
                onNodeDragStart={onDragStart}
                onNodeDragStop={onDragStop}
                onSelectionDragStart={onDragStart}
                onSelectionDragStop={onDragStop}
                onConnect={onConnect}
                isValidConnection={isValidConnection}
                nodesDraggable={!readOnly}
                nodesConnectable={!readOnly}
                deleteKeyCode={null}
                selectionKeyCode="Shift"
                multiSelectionKeyCode={MULTI_SELECTION_KEYS}
                minZoom={MIN_ZOOM}
                maxZoom={MAX_ZOOM}
                onlyRenderVisibleElements={large}
                defaultViewport={view.viewport}
                colorMode={theme}
                proOptions={PRO_OPTIONS}
                aria-label="Workflow canvas"
              >
                <EdgeLayer edges={graph.edges} nodes={graph.nodes} nearViewOnly={large} onSelect={onSelectEdge} />
                <Background gap={20} />
                <Controls showInteractive={false} showFitView={false} aria-label="Zoom controls">
                  <ControlButton className="react-flow__controls-fitview" onClick={() => void fitAll(200)} title="Fit View" aria-label="Fit View">
                    <Icon name="fullscreen" />
                  </ControlButton>
                </Controls>
                {/* The overview follows a drag once it ends: redrawing hundreds of steps on every frame halves the frame rate. */}
                {!(dragging && graph.nodes.length > MINIMAP_LIVE_LIMIT) && (
                  <Overview width={MINIMAP_STYLE.width} height={MINIMAP_STYLE.height} ariaLabel="Overview of the workflow" />
                )}
              </ReactFlow>
            )}
            {graph.nodes.length === 0 && (
              <div className="builder-empty">
                <p className="mb-1 fw-semibold">This workflow has no steps yet.</p>
                <p className="mb-0 small">Drag a Start step from the palette to begin.</p>
              </div>
            )}
          </div>
          <aside className="builder-side" aria-label="Selection details">
            <ConfigPanel selection={selection} nameOf={nameOf} onStepChange={onStepChange} onDeleteSelection={removeSelection} />
          </aside>
        </div>
        {leaveGuard}
      </div>
    </BuilderContext.Provider>
  );
}

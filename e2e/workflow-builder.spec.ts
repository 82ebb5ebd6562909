import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { apiLogin, createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/** The Visual Builder as a manager uses it: real drag and drop in Chromium, the server behind every save. */

// Room for the palette, the canvas and the side panel side by side, as on a desktop.
test.use({ viewport: { width: 1600, height: 1000 } });

let manager: Account;
let viewer: Account;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  manager = await createThrowawayUser(request, { role: 'manager', first_name: 'Mona' });
  viewer = await createThrowawayUser(request, { role: 'viewer', first_name: 'Vic' });
  await request.dispose();
});

const canvas = (page: Page) => page.locator('.react-flow__pane');
const nodes = (page: Page) => page.locator('.react-flow__node');
const edges = (page: Page) => page.getByRole('group', { name: /^Connection from / });
const node = (page: Page, name: string) =>
  page.locator('.react-flow__node').filter({ has: page.locator('.step-node-name', { hasText: new RegExp(`^${name}$`) }) });
const toast = (page: Page, title: string) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: title });

async function openBuilder(page: Page, account: Account, query = '') {
  await openSignedIn(page, account, `/workflows/builder${query}`);
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
}

/** Drags a step type from the palette onto the canvas (HTML5 drag and drop, as a person does it). */
async function dropStep(page: Page, type: string, at: { x: number; y: number }) {
  await page.locator(`.palette-item[data-step-type="${type}"]`).dragTo(canvas(page), { targetPosition: at });
}

/** Draws a connection from a step's output (or a named branch) to another step's input. */
async function connectSteps(page: Page, from: Locator, to: Locator, branch?: string) {
  const source = branch ? from.locator(`.react-flow__handle.source[data-handleid="${branch}"]`) : from.locator('.react-flow__handle.source');
  await source.dragTo(to.locator('.react-flow__handle.target'));
}

async function selectStep(page: Page, name: string) {
  await node(page, name).locator('.step-node-name').click();
  await expect(page.getByLabel('Step name')).toHaveValue(name);
}

test('builds a workflow by drag and drop, fixes a validation error, saves, reloads, undoes and redoes', async ({ page }) => {
  await openBuilder(page, manager);
  // A new workflow starts as Start connected to End: nothing to save yet, nothing in the way of activation.
  await expect(nodes(page)).toHaveCount(2);
  await expect(edges(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.getByLabel('Workflow name').fill('Drag and drop onboarding');

  await dropStep(page, 'form', { x: 250, y: 260 });
  await expect(nodes(page)).toHaveCount(3);
  await expect(node(page, 'Form')).toBeVisible();
  // A dropped step is selected and its form generated from the type's schema is shown.
  await expect(page.getByLabel('Step name')).toHaveValue('Form');
  await expect(page.getByLabel('Title')).toHaveValue('Applicant details');

  // Nothing is connected yet: the page's checks say what is wrong, and the steps are marked.
  await expect(page.getByRole('button', { name: /^[1-9]\d* problems?$/ })).toBeVisible();
  await expect(node(page, 'Form').locator('.step-node')).toHaveClass(/has-problems/);

  // The form goes between them: the connection from Start to End goes first (Enter selects it, Delete removes it).
  await edges(page).first().focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Delete');
  await expect(edges(page)).toHaveCount(0);
  await connectSteps(page, node(page, 'Start'), node(page, 'Form'));
  await connectSteps(page, node(page, 'Form'), node(page, 'End'));
  await expect(edges(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();
  await expect(node(page, 'Form').locator('.step-node')).not.toHaveClass(/has-problems/);

  // A second connection out of a single-output step is refused while drawing it.
  await connectSteps(page, node(page, 'Start'), node(page, 'End'));
  await expect(edges(page)).toHaveCount(2);

  // Configure: an empty title is an inline error and a problem; fixing it clears both.
  await selectStep(page, 'Form');
  await page.getByLabel('Step name').fill('Applicant details');
  await page.getByLabel('Title').fill('');
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByRole('button', { name: '1 problem', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '1 problem', exact: true }).click();
  await expect(page.getByRole('region', { name: /problem to fix before activation/ })).toContainText('Applicant details');
  await page.getByLabel('Title').fill('Tell us about yourself');
  await expect(page.getByText('Title is required')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();

  // Save: the new workflow gets its id in the URL, and a reload shows what was saved.
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Workflow saved')).toBeVisible();
  await expect(page).toHaveURL(/\/workflows\/builder\?id=[0-9a-f-]{36}$/);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
  await expect(page.getByLabel('Workflow name')).toHaveValue('Drag and drop onboarding');
  await expect(nodes(page)).toHaveCount(3);
  await expect(edges(page)).toHaveCount(2);
  await selectStep(page, 'Applicant details');
  await expect(page.getByLabel('Title')).toHaveValue('Tell us about yourself');

  // Delete with the keyboard, undo (Ctrl+Z) and redo (Ctrl+Shift+Z).
  await page.keyboard.press('Delete');
  await expect(nodes(page)).toHaveCount(2);
  await expect(edges(page)).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(nodes(page)).toHaveCount(3);
  await expect(edges(page)).toHaveCount(2);
  await page.keyboard.press('Control+Shift+z');
  await expect(nodes(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(nodes(page)).toHaveCount(3);
  // Back at the saved state: nothing to save.
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // Copy and paste: the copy is a new step with its own name.
  await selectStep(page, 'Applicant details');
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(node(page, 'Applicant details \\(copy\\)')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(nodes(page)).toHaveCount(3);

  // Activate: the server runs the checks and the status follows.
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(toast(page, 'Workflow activated')).toBeVisible();
  await expect(page.getByTestId('workflow-status')).toHaveText('Active');
});

test('activation lists the problems and marks their steps; a version is restored from the history', async ({ page }) => {
  test.setTimeout(60_000);
  await openBuilder(page, manager);
  await page.getByLabel('Workflow name').fill('Versioned onboarding');
  await page.keyboard.press('Control+s');
  await expect(toast(page, 'Workflow saved')).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Workflow builder' }).getByText('Version 1', { exact: true })).toBeVisible();

  // Version 2: an approval step in the middle, with only its Approved branch connected.
  await dropStep(page, 'approval', { x: 300, y: 330 });
  await expect(nodes(page)).toHaveCount(3);
  await connectSteps(page, node(page, 'Approval'), node(page, 'End'), 'approved');
  await expect(edges(page)).toHaveCount(2);
  await expect(page.locator('.builder-edge-label', { hasText: 'Approved' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();

  // Activation is refused by the server: the problems are listed and the steps marked.
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(toast(page, 'Activation failed')).toBeVisible();
  const problems = page.getByRole('region', { name: /to fix before activation/ });
  await expect(problems).toContainText('connect the "Rejected" branch');
  await expect(problems).toContainText('"Approval" cannot be reached from Start');
  await expect(problems.getByText('Reported by the server')).toBeVisible();
  await expect(node(page, 'Approval').locator('.step-node')).toHaveClass(/has-problems/);
  await expect(page.getByTestId('workflow-status')).toHaveText('Draft');

  // A problem on a step selects it.
  await problems.getByRole('button', { name: /cannot be reached from Start/ }).click();
  await expect(page.getByLabel('Step name')).toHaveValue('Approval');

  // Restore version 1 from the history: its graph comes back as version 3.
  await page.getByRole('button', { name: 'More' }).click();
  // Chosen with the keyboard: the toasts of the saves above may still cover the menu's items (top right).
  await page.getByRole('button', { name: 'History' }).press('Enter');
  const history = page.getByRole('dialog', { name: 'Version history' });
  await expect(history.locator('[data-version]')).toHaveCount(2);
  await history.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click();
  // The restore writes a new version; with the whole suite running on two cores it once took over 10 s to answer.
  await expect(toast(page, 'Version restored')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
  await expect(page.getByText('Version 3', { exact: true })).toBeVisible();
  await expect(nodes(page)).toHaveCount(2);
  await expect(edges(page)).toHaveCount(1);

  // Archived, the workflow is read-only until it is reopened as a draft.
  await page.getByRole('button', { name: 'Status actions' }).click();
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Workflow archived')).toBeVisible();
  await expect(page.getByTestId('workflow-status')).toHaveText('Archived');
  await expect(page.getByRole('navigation', { name: 'Step types' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Reopen as draft' }).click();
  await expect(page.getByTestId('workflow-status')).toHaveText('Draft');
  await expect(page.getByRole('navigation', { name: 'Step types' })).toBeVisible();
});

test('guards unsaved changes, saves as a template, and palette search and keyboard add steps', async ({ page }) => {
  await openBuilder(page, manager);
  await page.getByLabel('Workflow name').fill('Template source');
  await page.getByRole('searchbox', { name: 'Search step types' }).fill('delay');
  await expect(page.locator('.palette-item')).toHaveCount(1);
  await page.locator('.palette-item[data-step-type="delay"]').focus();
  await page.keyboard.press('Enter');
  await expect(node(page, 'Delay')).toBeVisible();

  // Leaving with unsaved changes asks first.
  await page.getByRole('button', { name: 'Back to All Workflows' }).click();
  const guard = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/workflows\/builder/);
  await expect(node(page, 'Delay')).toBeVisible();

  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Save as template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  await dialog.getByLabel('Template name').fill('');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog.getByText('Template name is required')).toBeVisible();
  const templateName = `Starter ${Date.now().toString(36)}`;
  await dialog.getByLabel('Template name').fill(templateName);
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(toast(page, 'Template saved')).toBeVisible();
  const { access_token } = await apiLogin(page.request, manager.email, manager.password);
  const listed = await page.request.get('/api/admin/workflow-templates?scope=organization&limit=100', { headers: { Authorization: `Bearer ${access_token}` } });
  expect(((await listed.json()) as { items: { name: string; step_count: number }[] }).items.find((t) => t.name === templateName)?.step_count).toBe(3);

  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Undo');
});

test('a connection is selected by click or keyboard, follows a dragged step, and is deleted and restored', async ({ page }) => {
  await openBuilder(page, manager);
  const connection = edges(page).first();
  await expect(edges(page)).toHaveCount(1);
  await expect(connection).toHaveAccessibleName('Connection from Start to End');

  // A click on the line selects it (a level line has no height for Playwright's own click): the side panel shows its ends.
  const line = await connection.boundingBox();
  await page.mouse.click(line!.x + line!.width / 2, line!.y + line!.height / 2);
  const panel = page.getByRole('complementary', { name: 'Selection details' });
  await expect(panel.getByRole('heading', { name: 'Connection' })).toBeVisible();
  await expect(panel).toContainText('FromStart');
  await expect(panel).toContainText('ToEnd');
  await expect(connection).toHaveClass(/selected/);

  // Dragging a step by mouse takes its connections along.
  const path = connection.locator('.builder-edge-path');
  const before = await path.getAttribute('d');
  const end = await node(page, 'End').locator('.step-node-name').boundingBox();
  await page.mouse.move(end!.x + end!.width / 2, end!.y + end!.height / 2);
  await page.mouse.down();
  await page.mouse.move(end!.x + end!.width / 2 + 40, end!.y + 140, { steps: 8 });
  await page.mouse.up();
  await expect(path).not.toHaveAttribute('d', before!);
  await page.keyboard.press('Control+z');
  await expect(path).toHaveAttribute('d', before!);

  // From the keyboard: focus the connection, Enter selects it, Delete removes it, Ctrl+Z brings it back.
  await page.keyboard.press('Escape');
  await expect(connection).not.toHaveClass(/selected/);
  await connection.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: 'Connection' })).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(edges(page)).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(edges(page)).toHaveCount(1);
});

test('a saved workflow opens with every connection drawn from an output handle to an input handle', async ({ page, request }) => {
  // Loaded steps are drawn from sizes the page computes (no measuring pass): this checks them against Chromium's layout.
  const { access_token } = await apiLogin(request, manager.email, manager.password);
  const headers = { Authorization: `Bearer ${access_token}` };
  // Every shipped template's steps, with short names (a long name may wrap, and is measured instead).
  type Graph = { steps: { id: string; type: string; name: string; position: { x: number; y: number } }[]; connections: { source: string; target: string }[] };
  const templates = (await (await request.get('/api/admin/workflow-templates?scope=global&limit=100', { headers })).json()) as { items: { graph: Graph }[] };
  const graph: Graph = { steps: [], connections: [] };
  templates.items.forEach((t, i) => {
    const ids = new Map(t.graph.steps.map((step, j) => [step.id, `t${i}-s${j}`]));
    graph.steps.push(
      ...t.graph.steps.map((step, j) => ({
        ...step,
        id: ids.get(step.id)!,
        name: `${step.type} ${i}.${j}`,
        position: { x: step.position.x, y: step.position.y + i * 900 },
      })),
    );
    graph.connections.push(...t.graph.connections.map((c) => ({ ...c, id: undefined, source: ids.get(c.source)!, target: ids.get(c.target)! })));
  });
  expect(new Set(graph.steps.map((step) => step.type)).size).toBeGreaterThanOrEqual(8);
  const created = await request.post('/api/admin/workflows/complete', { headers, data: { name: `Geometry ${Date.now()}`, status: 'draft', graph } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await openSignedIn(page, manager, '/workflows');
  await page.goto(`/workflows/builder?id=${id}`);
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
  await expect(edges(page).first()).toBeAttached();
  // Select everything: every step object is replaced, and React Flow takes the handles handed with it again.
  await nodes(page).first().focus();
  await page.keyboard.press('Control+a');
  await expect(page.getByText(`${graph.steps.length} steps,`)).toBeVisible();
  const misses = await page.evaluate(() => {
    const viewport = document.querySelector('.react-flow__viewport')!;
    const origin = viewport.getBoundingClientRect();
    const zoom = new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a;
    const toFlow = (x: number, y: number) => ({ x: (x - origin.left) / zoom, y: (y - origin.top) / zoom });
    const ends = (selector: string, side: 'left' | 'right') =>
      [...document.querySelectorAll(selector)].map((h) => {
        const r = h.getBoundingClientRect();
        return toFlow(side === 'left' ? r.left : r.right, r.top + r.height / 2);
      });
    const outputs = ends('.react-flow__handle.source', 'right');
    const inputs = ends('.react-flow__handle.target', 'left');
    const near = (p: DOMPoint, list: { x: number; y: number }[]) => list.some((h) => Math.hypot(h.x - p.x, h.y - p.y) < 1);
    const paths = [...document.querySelectorAll<SVGPathElement>('.builder-edge .builder-edge-path')];
    return {
      count: paths.length,
      misses: paths.filter((p) => !near(p.getPointAtLength(0), outputs) || !near(p.getPointAtLength(p.getTotalLength()), inputs)).length,
    };
  });
  expect(misses.count).toBe(graph.connections.length);
  expect(misses.misses).toBe(0);
});

/** A draft workflow, saved as the manager: Start, `count` delay steps in a chain laid out in rows of `columns`, then Done. */
async function createDelayChain(request: APIRequestContext, name: string, count: number, layout: { columns: number; rowHeight: number }): Promise<string> {
  const { access_token } = await apiLogin(request, manager.email, manager.password);
  const steps = [
    { id: 'start', type: 'start', name: 'Start', config: {}, position: { x: 0, y: 0 } },
    ...Array.from({ length: count }, (_, i) => ({
      id: `d${i}`,
      type: 'delay',
      name: `Wait ${i + 1}`,
      config: { amount: 1, unit: 'days' },
      position: { x: 300 * ((i % layout.columns) + 1), y: layout.rowHeight * Math.floor(i / layout.columns) },
    })),
    { id: 'end', type: 'end', name: 'Done', config: {}, position: { x: 300 * (layout.columns + 1), y: 0 } },
  ];
  const order = steps.map((s) => s.id);
  const connections = order.slice(1).map((target, i) => ({ source: order[i]!, target, condition: null }));
  const created = await request.post('/api/admin/workflows/complete', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { name, status: 'draft', graph: { steps, connections } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test('zoomed far out, steps draw only their names; zoomed in again, their type and connectable handles come back', async ({ page, request }) => {
  // A long chain spread wide: fitting it in view zooms far out.
  const count = 60;
  const id = await createDelayChain(request, `Far away ${Date.now()}`, count, { columns: 10, rowHeight: 200 });
  await openSignedIn(page, manager, '/workflows');
  await page.goto(`/workflows/builder?id=${id}`);
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();

  await expect(page.locator('.step-node.is-far')).toHaveCount(count + 2);
  await expect(node(page, 'Wait 7')).toBeVisible();
  await expect(page.locator('.step-node-type')).toHaveCount(0);
  await expect(page.locator('.react-flow__handle.connectionindicator')).toHaveCount(0);
  await expect(edges(page)).toHaveCount(count + 1);

  for (let i = 0; i < 8 && (await page.locator('.step-node.is-far').count()) > 0; i += 1) await page.getByRole('button', { name: 'Zoom In' }).click();
  await expect(page.locator('.step-node.is-far')).toHaveCount(0);
  await expect(page.locator('.step-node-type').first()).toBeVisible();
  await expect(page.locator('.react-flow__handle.connectionindicator').first()).toBeAttached();
  await expect(edges(page)).toHaveCount(count + 1);
});

test('a workflow of hundreds of steps opens readable at its Start step, drawing the steps in view; Fit View shows it whole', async ({ page, request }) => {
  const count = 400;
  const id = await createDelayChain(request, `Hundreds of steps ${Date.now()}`, count, { columns: 20, rowHeight: 150 });
  await openSignedIn(page, manager, '/workflows');
  await page.goto(`/workflows/builder?id=${id}`);
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();

  // Readable: full detail, Start in view at the left, and only the steps around it drawn, with their connections.
  await expect(node(page, 'Start')).toBeVisible();
  await expect(node(page, 'Wait 1')).toBeVisible();
  await expect(page.locator('.step-node.is-far')).toHaveCount(0);
  await expect(page.locator('.step-node-type').first()).toBeVisible();
  const drawn = await nodes(page).count();
  expect(drawn).toBeGreaterThan(2);
  expect(drawn).toBeLessThan(100);
  await expect(edges(page).first()).toBeAttached();
  expect(await edges(page).count()).toBeLessThan(count);
  await expect(page.getByRole('img', { name: 'Overview of the workflow' })).toBeVisible();

  // Fit View: the whole workflow, far away, every step drawn.
  await page.getByRole('button', { name: 'Fit View' }).click();
  await expect(page.locator('.step-node.is-far')).toHaveCount(count + 2);
  await expect(node(page, 'Done')).toBeVisible();
  await expect(edges(page)).toHaveCount(count + 1);
});

test('a save that meets a newer version: the toast goes after 5 s, the way to load the latest stays on the page', async ({ page, request }) => {
  const { access_token } = await apiLogin(request, manager.email, manager.password);
  const headers = { Authorization: `Bearer ${access_token}` };
  const steps = [
    { id: 'start', type: 'start', name: 'Start', config: {}, position: { x: 0, y: 0 } },
    { id: 'end', type: 'end', name: 'Done', config: {}, position: { x: 300, y: 0 } },
  ];
  const graph = { steps, connections: [{ source: 'start', target: 'end', condition: null }] };
  const name = `Contested ${Date.now()}`;
  const created = await request.post('/api/admin/workflows/complete', { headers, data: { name, status: 'draft', graph } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()) as { id: string; version: number };
  await openSignedIn(page, manager, '/workflows');
  await page.goto(`/workflows/builder?id=${id}`);
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();

  // Someone else saves a new version meanwhile.
  const elsewhere = await request.put(`/api/admin/workflows/${id}/complete`, { headers, data: { name: `${name} (theirs)`, graph, expected_version: version } });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await page.getByLabel('Workflow name').fill(`${name} (mine)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Save failed')).toContainText('saved by someone else');
  const conflict = page.getByRole('region', { name: 'Newer version of this workflow' });
  await expect(conflict).toContainText('saved by someone else');
  // Spec §4/§9: every toast goes after 5000 ms, this one too; the warning on the page stays.
  await expect(toast(page, 'Save failed')).toHaveCount(0, { timeout: 8000 });
  await expect(conflict).toBeVisible();

  await conflict.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(page.getByLabel('Workflow name')).toHaveValue(`${name} (theirs)`);
  await expect(conflict).toHaveCount(0);
});

test('a viewer cannot open the builder', async ({ page, request }) => {
  // The manager's organization holds a saved workflow; the viewer of the same organization tries to open it.
  const { access_token } = await apiLogin(request, manager.email, manager.password);
  const created = await request.post('/api/admin/workflows', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { name: `Read only ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await openSignedIn(page, viewer, '/workflows');
  await page.goto(`/workflows/builder?id=${id}`);
  // A viewer holds workflow:read only: the builder route needs create or edit.
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test.describe('at 1440 × 900 with the sidebar open (issue 32 item 9)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  const unsaved = (page: Page) => page.getByText('Unsaved changes');
  const leaveGuard = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

  async function openFromMenu(page: Page) {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Visual Builder' }).click();
    await expect(page).toHaveURL(/\/workflows\/builder$/);
    await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
  }

  test('opened from the menu, a new workflow has nothing unsaved until it is edited, and Undo back to its start clears it', async ({ page }) => {
    await openSignedIn(page, manager, '/workflows');
    await openFromMenu(page);
    await expect(nodes(page)).toHaveCount(2);
    await expect(edges(page)).toHaveCount(1);
    await expect(unsaved(page)).toHaveCount(0);
    // Leaving loses nothing: no question asked.
    await page.getByRole('button', { name: 'Back to All Workflows' }).click();
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(leaveGuard(page)).toHaveCount(0);

    await openFromMenu(page);
    await expect(unsaved(page)).toHaveCount(0);
    await page.locator('.palette-item[data-step-type="delay"]').click();
    await expect(node(page, 'Delay')).toBeVisible();
    await expect(unsaved(page)).toBeVisible();
    await page.getByRole('button', { name: 'Back to All Workflows' }).click();
    await expect(leaveGuard(page)).toBeVisible();
    await leaveGuard(page).getByRole('button', { name: 'Stay on this page' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(node(page, 'Delay')).toHaveCount(0);
    await expect(unsaved(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to All Workflows' }).click();
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(leaveGuard(page)).toHaveCount(0);
  });

  test("New workflow → Blank starts as the menu's builder does: Start connected to End, nothing to fix", async ({ page }) => {
    await openSignedIn(page, manager, '/workflows');
    await page.getByRole('button', { name: 'New workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'New workflow' });
    await expect(dialog.getByRole('radio', { name: 'Blank workflow' })).toBeChecked();
    await dialog.getByLabel('Name').fill(`Blank start ${Date.now()}`);
    await dialog.getByRole('button', { name: 'Create workflow' }).click();
    await expect(page).toHaveURL(/\/workflows\/builder\?id=[0-9a-f-]{36}$/);
    await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
    const fromBlank = {
      steps: await page.locator('.step-node-name').allTextContents(),
      connections: await edges(page).evaluateAll((g) => g.map((e) => e.getAttribute('aria-label'))),
    };
    expect(fromBlank).toEqual({ steps: ['Start', 'End'], connections: ['Connection from Start to End'] });
    await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();
    await expect(unsaved(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Back to All Workflows' }).click();
    await openFromMenu(page);
    const fromMenu = {
      steps: await page.locator('.step-node-name').allTextContents(),
      connections: await edges(page).evaluateAll((g) => g.map((e) => e.getAttribute('aria-label'))),
    };
    expect(fromMenu).toEqual(fromBlank);
  });

  test('palette search lists the step named by the query first: "end" lists End before Notification', async ({ page }) => {
    await openBuilder(page, manager);
    await page.getByRole('searchbox', { name: 'Search step types' }).fill('end');
    const found = await page.locator('.palette-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-step-type')));
    expect(found[0]).toBe('end');
    expect(found).toContain('notification');
  });

  test('the toolbar is one row, with Save and Activate in view, even with a version, unsaved changes and problems', async ({ page, request }) => {
    const { access_token } = await apiLogin(request, manager.email, manager.password);
    const created = await request.post('/api/admin/workflows', {
      headers: { Authorization: `Bearer ${access_token}` },
      data: { name: `Customer onboarding for business accounts ${Date.now()}` },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await openSignedIn(page, manager, '/workflows');
    await page.goto(`/workflows/builder?id=${id}`);
    await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    // An unconnected step: unsaved changes and problems, so every part of the toolbar is there.
    await page.locator('.palette-item[data-step-type="approval"]').click();
    await expect(unsaved(page)).toBeVisible();
    await expect(page.getByRole('button', { name: /^\d+ problems?$/ })).toBeVisible();

    const toolbar = page.getByRole('toolbar', { name: 'Workflow builder' });
    const save = toolbar.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Save and activate' })).toBeVisible();
    const saveBox = (await save.boundingBox())!;
    const controls = await toolbar.locator('button:visible, input:visible, [data-testid="workflow-status"], [role="status"]').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { what: e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName, middle: r.top + r.height / 2 };
      }),
    );
    const middle = saveBox.y + saveBox.height / 2;
    expect(controls.filter((c) => Math.abs(c.middle - middle) > 3)).toEqual([]);
    // One row: the height of its tallest control and the toolbar's padding (0.5 rem above and below) and border.
    const height = (await toolbar.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(saveBox.height + 16 + 2);
    // Secondary actions are one click away, under More.
    await toolbar.getByRole('button', { name: 'More' }).click();
    for (const name of ['History', 'Analytics', 'Save as template', 'Keyboard shortcuts'])
      await expect(page.getByRole('button', { name }).or(page.getByRole('link', { name })).first()).toBeVisible();
  });

  test('the problems banner lists every problem, each on a step selecting it', async ({ page, request }) => {
    const { access_token } = await apiLogin(request, manager.email, manager.password);
    // Start and End, and eight steps connected to nothing: over a dozen problems.
    const steps = [
      { id: 'start', type: 'start', name: 'Start', config: {}, position: { x: 0, y: 0 } },
      ...['form', 'delay', 'approval', 'condition', 'notification', 'form', 'delay', 'approval'].map((type, i) => ({
        id: `s${i}`,
        type,
        name: `Loose ${i + 1}`,
        config: type === 'delay' ? { amount: 1, unit: 'days' } : {},
        position: { x: 300 * ((i % 4) + 1), y: 170 * Math.floor(i / 4) },
      })),
      { id: 'end', type: 'end', name: 'End', config: {}, position: { x: 1500, y: 0 } },
    ];
    const created = await request.post('/api/admin/workflows/complete', {
      headers: { Authorization: `Bearer ${access_token}` },
      data: { name: `Many problems ${Date.now()}`, status: 'draft', graph: { steps, connections: [] } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await openSignedIn(page, manager, '/workflows');
    await page.goto(`/workflows/builder?id=${id}`);
    await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();

    const button = page.getByRole('button', { name: /^\d+ problems$/ });
    await expect(button).toBeVisible();
    const count = Number((await button.textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThanOrEqual(12);
    await button.click();
    const banner = page.getByRole('region', { name: `${count} problems to fix before activation` });
    await expect(banner).toBeVisible();
    const items = banner.getByRole('listitem');
    await expect(items).toHaveCount(count);
    // All of them in view at once: nothing scrolled out of the banner, every item whole inside it.
    const fits = await banner.evaluate((b) => b.scrollHeight <= b.clientHeight + 1);
    expect(fits).toBe(true);
    const bannerBox = (await banner.boundingBox())!;
    for (const box of await items.evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.height).toBeGreaterThan(10);
      expect(box.top).toBeGreaterThanOrEqual(bannerBox.y);
      expect(box.bottom).toBeLessThanOrEqual(bannerBox.y + bannerBox.height);
    }
    await banner.getByRole('button', { name: '"Loose 8" cannot be reached from Start' }).click();
    await expect(page.getByLabel('Step name')).toHaveValue('Loose 8');
  });
});

test('a draft beside the live version: named above the canvas, opened, saved again and discarded; the history marks it', async ({ page, request }) => {
  const { access_token } = await apiLogin(request, manager.email, manager.password);
  const headers = { Authorization: `Bearer ${access_token}` };
  const graph = {
    steps: [
      { id: 'start', type: 'start', name: 'Start', config: {}, position: { x: 0, y: 0 } },
      { id: 'end', type: 'end', name: 'Done', config: { outcome: 'approved' }, position: { x: 300, y: 0 } },
    ],
    connections: [{ source: 'start', target: 'end', condition: null }],
  };
  const created = await request.post('/api/admin/workflows/complete', { headers, data: { name: `Beside live ${Date.now()}`, status: 'active', graph } });
  expect(created.status(), await created.text()).toBe(201);
  const live = (await created.json()) as { id: string; steps: { id: string; name: string }[]; connections: { source: string; target: string }[] };
  const renamed = { steps: live.steps.map((s) => ({ ...s, name: s.name === 'Done' ? 'Finished' : s.name })), connections: live.connections };
  const draft = await request.post(`/api/admin/workflows/${live.id}/drafts`, { headers, data: { graph: renamed, expected_version: 1 } });
  expect(draft.status(), await draft.text()).toBe(201);

  await openSignedIn(page, manager, '/workflows');
  await page.goto(`/workflows/builder?id=${live.id}`);
  await expect(page.locator('.builder[data-builder-ready="true"]')).toBeVisible();
  // The canvas is the live version; the draft is named above it, and marked in the history.
  await expect(node(page, 'Done')).toBeVisible();
  const banner = page.getByRole('region', { name: 'Draft beside the live version' });
  await expect(banner).toContainText('Version 2 is a draft saved beside this live version');
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  await expect(history.locator('[data-version="2"]')).toContainText('Draft, not live');
  await expect(history.locator('[data-version="1"]')).toContainText('Current');
  await history.getByRole('button', { name: 'Close' }).click();

  // Opened, the draft is on the canvas; saving it makes the next draft version, and the live one stays.
  await banner.getByRole('button', { name: 'Open the draft' }).click();
  await expect(node(page, 'Finished')).toBeVisible();
  await expect(page).toHaveURL(/[?&]draft=2$/);
  await expect(page.getByRole('toolbar', { name: 'Workflow builder' }).getByText('Draft version 2', { exact: true })).toBeVisible();
  await expect(banner).toContainText('Draft version 2, saved beside live version 1');
  await selectStep(page, 'Finished');
  await page.getByLabel('Step name').fill('Finished well');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Draft saved')).toContainText('draft version 3. Applications start on version 1 until it is published.');
  await expect(page).toHaveURL(/[?&]draft=3$/);
  await expect(banner).toContainText('Draft version 3, saved beside live version 1');

  // Discarded, the live version opens again and the draft stays in the history.
  await banner.getByRole('button', { name: 'Discard draft' }).click();
  await page.getByRole('dialog', { name: 'Discard draft version 3?' }).getByRole('button', { name: 'Discard draft' }).click();
  await expect(toast(page, 'Draft discarded')).toContainText('Draft version 3 is set aside; version 1 stays live.');
  await expect(node(page, 'Done')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'Workflow builder' }).getByText('Version 1', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'History' }).click();
  await expect(history.locator('[data-version="3"]')).toContainText('Discarded draft');
  await expect(history.locator('[data-version="2"]')).toContainText('Discarded draft');
});

import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { activeWorkflow, intakeKey, submit } from './cases.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { openSignedIn } from './throwaway-users.ts';

/**
 * The dashboard's "Workflow funnels" (issue 32 item 11): a step's name on the funnel's axis is drawn whole inside the
 * chart — not cut off at its left edge ("tity document and selfie") — at 1440, 1024 and 390 px. The chart is an SVG
 * drawing: the test reads where each of its texts is (its box, from the drawing's left edge) and checks those boxes.
 */

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const STEP = 'Identity document and selfie';
const LONGER = 'Proof of address and a declaration of the source of funds';

interface Drawn {
  text: string;
  left: number;
  right: number;
  y: number;
  /** The drawing's width in CSS pixels. */
  width: number;
}

let account: { email: string; password: string; name: string };
let workflowName: string;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  const org = (await createOrganization(request, headers, { name: `Funnel labels ${tag}` })).id;
  const email = `funnel-labels-${tag}@example.com`;
  await createUserIn(request, headers, org, { email, first_name: 'Fiona', last_name: `Funnel${tag}`, role: 'operator' });
  account = { email, password: 'Member-Passw0rd!', name: `Fiona Funnel${tag}` };
  workflowName = `Identity check ${tag}`;
  const graph = {
    steps: [
      { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
      { id: 'id', type: 'approval', name: STEP, config: { assignee_role: 'operator', sla_hours: 24 }, position: { x: 280, y: 0 } },
      { id: 'poa', type: 'approval', name: LONGER, config: { assignee_role: 'operator', sla_hours: 24 }, position: { x: 560, y: 0 } },
      { id: 'ok', type: 'end', name: 'Approved', config: { outcome: 'approved' }, position: { x: 840, y: -80 } },
      { id: 'no', type: 'end', name: 'Rejected', config: { outcome: 'rejected' }, position: { x: 840, y: 80 } },
    ],
    connections: [
      { source: 'start', target: 'id', condition: null },
      { source: 'id', target: 'poa', condition: 'approved' },
      { source: 'id', target: 'no', condition: 'rejected' },
      { source: 'poa', target: 'ok', condition: 'approved' },
      { source: 'poa', target: 'no', condition: 'rejected' },
    ],
  };
  const workflowId = await activeWorkflow(request, headers, org, workflowName, graph);
  const key = await intakeKey(request, headers, org);
  await submit(request, key, workflowId, 'Ida Identity');
  await submit(request, key, workflowId, 'Sam Selfie');
  // A second, quieter workflow: two funnels stand side by side on a wide screen, each half as wide.
  await submit(request, key, await activeWorkflow(request, headers, org, `Quiet intake ${tag}`), 'Quentin Quiet');
  // The rollups fold the cases in within about a second: wait until the funnel has them.
  const { access_token } = await (await request.post('/api/auth/login', { data: { email, password: account.password } })).json();
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/analytics/dashboard?range=7d&tz=UTC', { headers: { Authorization: `Bearer ${access_token}` } });
      const d = (await res.json()) as { funnels: { steps: { name: string; entered: number }[] }[] };
      return [d.funnels.length, d.funnels[0]?.steps.find((s) => s.name === STEP)?.entered ?? 0];
    })
    .toEqual([2, 2]);
  await request.dispose();
});

async function funnelTexts(page: Page): Promise<Drawn[]> {
  const chart = page.getByRole('region', { name: 'Workflow funnels' }).getByRole('img', { name: new RegExp(`^${workflowName} over`) });
  await expect(chart).toBeVisible();
  // The chart draws once it has its size; poll until the step's row is on it.
  let drawn: Drawn[] = [];
  await expect
    .poll(async () => {
      drawn = await chart.evaluate((svg) => {
        const frame = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].map((t) => {
          const box = t.getBoundingClientRect();
          return { text: t.textContent ?? '', left: box.left - frame.left, right: box.right - frame.left, y: box.top - frame.top, width: frame.width };
        });
      });
      return drawn.some((d) => STEP.startsWith(d.text) || d.text.startsWith('Identity'));
    })
    .toBe(true);
  return drawn;
}

/** The lines drawn for a label (a line each when it wraps), top to bottom: those that are pieces of it. */
function linesOf(drawn: readonly Drawn[], label: string): Drawn[] {
  return drawn
    .filter((d) => d.text.trim().length > 0 && (label.includes(d.text) || (d.text.endsWith('…') && label.includes(d.text.slice(0, -1).trim()))))
    .sort((a, b) => a.y - b.y);
}

for (const width of [1440, 1024, 390]) {
  test(`a step's name is drawn whole inside the funnel chart at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSignedIn(page, account);
    const drawn = await funnelTexts(page);

    const step = linesOf(drawn, STEP);
    expect(step.map((d) => d.text).join(' ')).toBe(STEP);
    for (const line of step) {
      expect(line.left, `"${line.text}" starts inside the chart`).toBeGreaterThanOrEqual(0);
      expect(line.right, `"${line.text}" ends inside the chart`).toBeLessThanOrEqual(line.width);
    }
    // A name too long for the room ends in "…" where it is cut (the tooltip and the data table have it whole), and
    // never runs off the chart either.
    const longer = linesOf(drawn, LONGER);
    expect(longer.length).toBeGreaterThan(0);
    const text = longer.map((d) => d.text).join(' ');
    expect(text === LONGER || (text.endsWith('…') && LONGER.startsWith(text.slice(0, -1).trim()))).toBe(true);
    for (const line of longer) expect(line.left).toBeGreaterThanOrEqual(0);
  });
}

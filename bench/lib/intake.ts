// What the runtime benches set up and send through the API: the approved transform tool that scores an applicant, an
// intake key, and applications posted to the public intake API over several connections.
import { call } from './server.ts';

/** An approved transform tool scoring an applicant from the amount asked for (score = amount / 100), and an intake key. */
export async function scoringToolAndKey(base: string, token: string, suffix: string): Promise<{ tool: { id: string; name: string }; key: string }> {
  const tool = await call<{ id: string; name: string }>(base, 'POST', '/api/admin/tools', token, {
    name: `score_applicant_${suffix}`,
    description: 'Scores an applicant from the amount asked for',
    tool_type: 'transform',
    config: { mapping: { score: 'input.amount / 100', band: 'input.amount >= 5000' } },
    input_schema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
  });
  await call(base, 'PUT', `/api/admin/tools/${tool.id}`, token, { status: 'pending_approval' });
  await call(base, 'POST', `/api/admin/tools/${tool.id}/approve`, token, { action: 'approve', comment: 'bench' });
  const { key } = await call<{ key: string }>(base, 'POST', '/api/admin/api-keys', token, { name: `Bench intake ${suffix}`, scopes: ['intake'] });
  return { tool, key };
}

/**
 * Posts `count` applications (amount = n × 37 mod 10,000 for n from `first`) to the public intake API over
 * `connections` connections; answers how many were not accepted.
 */
export async function postApplications(
  base: string,
  key: string,
  workflowId: string,
  count: number,
  options: { connections: number; first?: number },
): Promise<number> {
  let next = 0;
  let failed = 0;
  const first = options.first ?? 0;
  const worker = async () => {
    while (next < count) {
      const n = first + next++;
      const res = await fetch(`${base}/api/public/v1/applications`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          workflow_id: workflowId,
          applicant: { name: `Applicant ${n}`, email: `a${n}@example.com` },
          data: { amount: (n * 37) % 10_000 },
        }),
      });
      if (res.status !== 201) failed += 1;
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  return failed;
}

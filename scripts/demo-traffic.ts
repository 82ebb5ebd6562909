// Live demo traffic against a running portal: `npm run demo:traffic -- --email admin@example.com --password …`
// signs in, makes an intake API key, and sends applicants through the public intake API to the organization's
// active workflows (answering their forms) until stopped with Ctrl-C, when it revokes the key.
import { parseArgs } from 'node:util';
import { DemoTraffic } from '../apps/server/src/modules/setup/demo-traffic.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PORTAL_URL || 'http://localhost:8080' },
    email: { type: 'string', default: process.env.ADMIN_EMAIL || 'admin@example.com' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD },
    'per-minute': { type: 'string', default: '12' },
    organization: { type: 'string', description: 'Organization id (super administrators; default: your own)' },
  },
});
if (!args.password) {
  process.stderr.write('Usage: npm run demo:traffic -- --email <administrator> --password <password> [--url http://localhost:8080] [--per-minute 12]\n');
  process.exit(2);
}
const base = args.url!.replace(/\/$/, '');

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(args.organization ? { 'x-organization-id': args.organization } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const { access_token: token } = await call<{ access_token: string }>('POST', '/api/auth/login', null, { email: args.email, password: args.password });
const created = await call<{ id: string; key: string }>('POST', '/api/admin/api-keys', token, {
  name: 'Demo traffic (command)',
  scopes: ['intake'],
  ...(args.organization ? { organization_id: args.organization } : {}),
});
const traffic = new DemoTraffic({
  baseUrl: base,
  apiKey: created.key,
  perMinute: Number(args['per-minute']),
  workflowIds: async () => (await call<{ items: { id: string }[] }>('GET', '/api/admin/workflows?status=active&limit=200', token)).items.map((w) => w.id),
  onError: (error) => process.stderr.write(`${error.message}\n`),
});
traffic.start();
process.stdout.write(`Demo traffic to ${base}: ${args['per-minute']} applicants a minute. Ctrl-C to stop.\n`);
const report = setInterval(() => {
  const s = traffic.status;
  process.stdout.write(`  ${s.started} applications started, ${s.forms_answered} forms answered\n`);
}, 10_000);
process.on('SIGINT', () => {
  clearInterval(report);
  traffic.stop();
  void call('DELETE', `/api/admin/api-keys/${created.id}`, token).finally(() => process.exit(0));
});

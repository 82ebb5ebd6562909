/**
 * The policy matrix (DESIGN §5): every route of the policy table × every role × own / other
 * organization, with the expected outcome derived from the table itself, plus the organization rule
 * (nobody but a super admin reads or writes another organization's resources).
 *
 * A route added to POLICY without a sample below makes this suite fail.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissions } from '@admin-portal/contract/permissions';
import { ROLES, type Role } from '@admin-portal/contract/roles';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../test/harness.ts';
import { createTestConfiguration, createTestExecution, createTestTool, NAME_INPUT_SCHEMA, TRANSFORM_CONFIG, type TestTool } from '../test/tools.factory.ts';
import { createTestDraft, createTestTemplate, createTestWorkflow, sampleGraph } from '../test/workflows.factory.ts';
import { approvalGraph, createTestApiKey, openReviewTask, startTestCase, waitForCase } from '../test/applications.factory.ts';
import { foldRollups, writeHistory } from '../test/history.factory.ts';
import { generateTool } from '../ai/generators/tool-generator.ts';
import { generateWorkflow } from '../ai/generators/workflow-generator.ts';
import { createTestConfig, createTestConfigFile, multipartForm } from '../test/system-config.factory.ts';
import { hashToken } from '../security/tokens.ts';
import { startMailbox, type Mailbox } from '../test/mailbox.ts';
import { POLICY, type Rule } from './policy.ts';
import { generate as totpCode } from 'otplib';
import { SoftwarePasskey } from '../test/software-passkey.ts';
import { startIdentityProvider, type TestIdentityProvider } from '../test/oidc-provider.ts';
import { ssoRedirectUri } from '../modules/single-sign-on/oidc-client.ts';
import { encryptText } from '../security/encryption.ts';

type Scope = 'own' | 'other';

interface Fixture {
  orgA: { id: string; name: string };
  orgB: { id: string; name: string };
  /** One user of every role, all in organization A. */
  callers: Record<Role, TestUser>;
  /** A long-lived target user in each organization. */
  targets: Record<Scope, TestUser>;
  /** Email domain each organization accepts for self-registration. */
  domains: Record<Scope, string>;
}

/** What a sample call needs to know. `org` is the organization the target resource lives in. */
interface Env {
  ctx: TestContext;
  fx: Fixture;
  role: Role;
  scope: Scope;
  org: string;
  caller: TestUser;
}

interface Req {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  payload?: unknown;
  /** Call as another user of the same role (for routes that consume the caller's session or password). */
  as?: TestUser;
  /** Use this bearer token instead of the caller's cached one. */
  token?: string;
  /** More request headers (e.g. X-Organization-Id to act in the organization under test). */
  headers?: Record<string, string>;
  /** The caller's address (routes limited per address). */
  remoteAddress?: string;
}

interface Sample {
  /**
   * scoped: the target resource belongs to `env.org`; a non-super-admin must be refused for `other`.
   * unscoped: no organization-owned target (health, sign-in, the caller's own profile, creating an organization).
   * list: a list; for `other` the call tries to reach organization B's rows, which must never come back.
   */
  kind: 'scoped' | 'unscoped' | 'list';
  /** The status of an allowed call. */
  ok: number | ((env: Env) => number);
  build(env: Env): Promise<Req>;
  /** Extra assertions on an allowed call. */
  check?(res: LightMyRequestResponse, env: Env, req: Req): void | Promise<void>;
}

let seq = 0;
/** A real OpenID Connect provider on 127.0.0.1, for the single sign-on settings' samples (their discovery check). */
let idp: TestIdentityProvider;
/** A webhook subscription of the organization (to an address that answers nothing here), straight into the database. */
async function webhookIn(env: Env): Promise<string> {
  const secret = encryptText(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, env.ctx.app.secrets.secretKey);
  const res = await env.ctx.db.query<{ id: string }>(
    `insert into webhook_subscriptions (organization_id, url, event_types, secret_encrypted) values ($1, 'https://crm.example.invalid/hook', '{application.failed}', $2) returning id`,
    [env.org, secret],
  );
  return res.rows[0]!.id;
}
/** A delivery of that subscription (a test event). */
async function webhookDeliveryIn(env: Env, subscriptionId: string): Promise<string> {
  const res = await env.ctx.db.query<{ id: string }>(
    `insert into webhook_deliveries (subscription_id, organization_id, message_id, event_type, payload, status)
     values ($1, $2, 'msg_' || md5(random()::text), 'webhook.test', '{"type":"webhook.test","data":{}}', 'failed') returning id`,
    [subscriptionId, env.org],
  );
  return res.rows[0]!.id;
}

/** Single sign-on settings for the organization, straight into the database (the samples that need them present). */
async function ssoIn(env: Env): Promise<void> {
  const encrypted = encryptText('secret', env.ctx.app.secrets.secretKey);
  await env.ctx.db.query(
    `insert into organization_sso (organization_id, provider_name, issuer, client_id, client_secret_encrypted, default_role)
     values ($1, 'Matrix IdP', 'https://idp.example', 'client', $2, 'viewer') on conflict (organization_id) do nothing`,
    [env.org, encrypted],
  );
}
/** What the last sample built, for its check (samples run one at a time). */
let lastTool: TestTool = { id: '', name: '', organizationId: '' };
let lastExecution = '';
let lastKeyId = '';
let lastWebhookId = '';
let lastCase = '';
let lastUserId = '';
/** The step names the caller's role when a step can (administrators decide any review; viewers and analysts none). */
const reviewerRoleOf = (env: Env) => (['manager', 'operator', 'compliance_officer'].includes(env.role) ? env.role : 'operator');
const logos: Record<string, string> = {};
const unique = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
const freshViewer = (env: Env, extra?: { permissions?: string[] }) => env.ctx.createUser('viewer', env.org, extra);
/** Turns on the user's second factor through the API (setup, then a code of the step before, so the current one is
 * still unused for a sign-in); answers the secret. */
async function enrolSecondFactor(env: Env, user: TestUser): Promise<string> {
  const setup = await env.ctx.as(user, { method: 'POST', url: '/api/auth/two-factor/totp/setup', payload: { password: TEST_PASSWORD } });
  const secret = setup.json().secret as string;
  const code = await totpCode({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
  const confirmed = await env.ctx.as(user, { method: 'POST', url: '/api/auth/two-factor/totp/confirm', payload: { code } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return secret;
}
/** Registers a passkey for the user through the API (an authenticator in software at the portal's origin). */
async function passkeyOf(env: Env, user: TestUser): Promise<SoftwarePasskey> {
  const key = new SoftwarePasskey(new URL(env.ctx.config.publicUrl).origin);
  const options = await env.ctx.as(user, { method: 'POST', url: '/api/auth/passkeys/registration/options', payload: { password: TEST_PASSWORD } });
  const added = await env.ctx.as(user, {
    method: 'POST',
    url: '/api/auth/passkeys/registration',
    payload: { name: 'Key', credential: key.register(options.json()) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return key;
}
/** The challenge of a sign-in that must set up a second factor: a viewer of a new organization that requires one of viewers. */
async function enrolmentChallenge(env: Env): Promise<string> {
  const org = await env.ctx.createOrg(undefined, { two_factor_required_roles: ['viewer'] });
  const viewer = await env.ctx.createUser('viewer', org.id);
  const res = await env.ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: viewer.email, password: TEST_PASSWORD } });
  expect(res.json()).toMatchObject({ enrolment_required: true });
  return res.json().challenge_token as string;
}
/** The sessions of the organization's long-lived target user. */
const GET_TARGET_SESSIONS = async (env: Env): Promise<Req> => ({ method: 'GET', url: `/api/admin/users/${env.fx.targets[env.scope].id}/sessions` });
/** The id of the user's newest session. */
async function newestSessionOf(env: Env, userId: string): Promise<string> {
  const res = await env.ctx.db.query<{ id: string }>('select id from auth_sessions where user_id = $1 order by created_at desc limit 1', [userId]);
  return res.rows[0]!.id;
}
/** A self-registered viewer of the organization under test, waiting for approval. */
async function pendingViewer(env: Env): Promise<string> {
  const { id } = await freshViewer(env);
  await env.ctx.db.query('update users set pending_approval = true where id = $1', [id]);
  return id;
}

/**
 * A super admin asks for the other organization's rows by naming it; anyone else asks plainly (naming another
 * organization is refused outright) and must still never see them.
 */
const otherOrgHeader = (env: Env): Record<string, string> =>
  env.scope === 'other' && env.role === 'super_admin' ? { 'x-organization-id': env.fx.orgB.id } : {};

/** A workflow of the organization under test with one case that arrived a minute ago, folded into the analytics. */
async function caseIn(env: Env, at = new Date(Date.now() - 60_000)): Promise<{ workflowId: string; applicationId: string }> {
  const workflow = await createTestWorkflow(env.ctx.db, env.org, { status: 'active' });
  const [applicationId] = await writeHistory(env.ctx.db, [
    { workflow, applicant: unique('Probe'), at, visits: [{ step: 'details', minutes: 0 }], end: { kind: 'open' } },
  ]);
  await foldRollups(env.ctx.db);
  return { workflowId: workflow.id, applicationId: applicationId! };
}

/** A finished simulation run on version 1 of a workflow in the organization under test, with one case. */
async function simulationIn(env: Env): Promise<{ workflowId: string; runId: string; applicationId: string }> {
  const { workflowId, applicationId } = await caseIn(env);
  const run = await env.ctx.db.query<{ id: string }>(
    `insert into simulation_runs (organization_id, workflow_id, version, cases_from, cases_to, new_reviews, max_cases, status, cases_done, summary, finished_at)
     values ($1, $2, 1, now() - interval '30 days', now(), 'wait', 100000, 'completed', 1, $3, now()) returning id`,
    [
      env.org,
      workflowId,
      JSON.stringify({ cases: 1, not_replayable: 0, changed: 0, period_days: 30, transitions: [], reviews: [], tool_calls: [], steps: [], connections: [] }),
    ],
  );
  await env.ctx.db.query(
    `insert into simulation_cases (run_id, application_id, created_at, before_end, after_end, changed, before_path, after_path)
     values ($1, $2, now(), 'in_progress', 'waits_for_applicant', true, '[]', '[]')`,
    [run.rows[0]!.id, applicationId],
  );
  return { workflowId, runId: run.rows[0]!.id, applicationId };
}

/** A finished generator task of the caller in the organization under test (its draft made by the built-in generators). */
async function finishedTask(env: Env, kind: 'workflow' | 'tool'): Promise<string> {
  const result =
    kind === 'workflow'
      ? (() => {
          const { assumptions, ...workflow } = generateWorkflow('Collect name and email, then a manager approves.', { approvedTools: [] });
          return { workflow, assumptions, valid: true };
        })()
      : (() => {
          const { assumptions, ...tool } = generateTool('Combine first name and last name into a full name', { takenNames: new Set() });
          return { tool: { ...tool, name: unique('generated') }, assumptions, valid: true };
        })();
  const res = await env.ctx.db.query<{ id: string }>(
    `insert into ai_tasks (organization_id, user_id, kind, status, input, result, progress, stage, provider)
     values ($1, $2, $3, 'completed', '{"description": "matrix"}', $4, 100, 'Done', 'built-in') returning id`,
    [env.org, env.caller.id, kind, JSON.stringify(result)],
  );
  return res.rows[0]!.id;
}

/** The organization an analytics call of this caller covers: a super admin's chosen one or all; anyone else's own. */
const analyticsScope = (env: Env) => (env.role === 'super_admin' ? (env.scope === 'other' ? env.fx.orgB.id : null) : env.fx.orgA.id);
const probeOf = (req: Req) => (req.headers as Record<string, string>)['x-test-probe'];
const seesProbe = (env: Env) => env.scope === 'own' || env.role === 'super_admin';

const GET =
  (url: string): Sample['build'] =>
  async () => ({ method: 'GET', url });

/**
 * A list filtered to one freshly named row (`q`) of the organization under test: found in one's own organization,
 * in organization B only by a super admin; everyone else's results stay in organization A.
 */
function expectListed(res: LightMyRequestResponse, env: Env): void {
  const body = res.json() as { items: { organization_id: string | null }[]; total: number };
  const visible = env.scope === 'own' || env.role === 'super_admin';
  expect(body.total).toBe(visible ? 1 : 0);
  expect(body.items.map((i) => i.organization_id)).toEqual(visible ? [env.org] : []);
}

/** An audit row of the organization under test with a fresh target id (to find exactly it in the audit log). */
async function auditProbe(env: Env): Promise<string> {
  const target = unique('audit-probe');
  await env.ctx.db.query(`insert into audit_logs (organization_id, action, target_type, target_id) values ($1, 'matrix.probe', 'user', $2)`, [env.org, target]);
  return target;
}
/** A non-super-admin reaching for organization B names it in the filter (a super admin in the header). */
const auditUrl = (env: Env, path: string, target: string) =>
  `/api/admin/system/audit-logs${path}?target_id=${target}${env.scope === 'other' && env.role !== 'super_admin' ? `&organization_id=${env.fx.orgB.id}` : ''}`;

/** One sample call per policy key; the values make an allowed call reach its handler and succeed. */
const SAMPLES: Record<string, Sample> = {
  'GET /api/health': { kind: 'unscoped', ok: 200, build: GET('/api/health') },
  'GET /api/ready': { kind: 'unscoped', ok: 200, build: GET('/api/ready') },
  'GET /api/openapi.json': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/openapi.json'),
    check: (res) => expect(res.json().openapi).toMatch(/^3\.1/),
  },

  'POST /api/auth/login': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const user = await freshViewer(env);
      return { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } };
    },
    check: (res, env) => expect(res.json().user.organization_id).toBe(env.org),
  },
  'POST /api/auth/login/second-factor': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const user = await freshViewer(env);
      const secret = await enrolSecondFactor(env, user);
      const challenge = await env.ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
      return {
        method: 'POST',
        url: '/api/auth/login/second-factor',
        payload: { challenge_token: challenge.json().challenge_token, code: await totpCode({ secret }) },
      };
    },
    check: (res, env) => expect(res.json().user.organization_id).toBe(env.org),
  },
  'POST /api/auth/login/enrol/setup': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: '/api/auth/login/enrol/setup', payload: { challenge_token: await enrolmentChallenge(env) } }),
    check: (res) => expect(res.json().qr_svg).toMatch(/^<svg/),
  },
  'POST /api/auth/login/enrol/confirm': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const token = await enrolmentChallenge(env);
      const setup = await env.ctx.app.inject({ method: 'POST', url: '/api/auth/login/enrol/setup', payload: { challenge_token: token } });
      return {
        method: 'POST',
        url: '/api/auth/login/enrol/confirm',
        payload: { challenge_token: token, code: await totpCode({ secret: setup.json().secret }) },
      };
    },
    check: (res) => expect(res.json().recovery_codes).toHaveLength(10),
  },
  'POST /api/auth/login/passkey/options': {
    kind: 'unscoped',
    ok: 200,
    build: async () => ({ method: 'POST', url: '/api/auth/login/passkey/options', payload: {} }),
    check: (res) => expect(res.json()).toMatchObject({ userVerification: 'required', allowCredentials: [] }),
  },
  'POST /api/auth/login/passkey': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const key = await passkeyOf(env, await freshViewer(env));
      const options = await env.ctx.app.inject({ method: 'POST', url: '/api/auth/login/passkey/options', payload: {} });
      return { method: 'POST', url: '/api/auth/login/passkey', payload: { credential: key.authenticate(options.json()) } };
    },
    check: (res, env) => expect(res.json().user.organization_id).toBe(env.org),
  },
  'GET /api/auth/sso/discover': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/auth/sso/discover?email=someone%40example.com'),
    check: (res) => expect(res.json()).toEqual({ provider_name: null, sso_only: false }),
  },
  'GET /api/auth/sso/start': {
    kind: 'unscoped',
    ok: 302,
    build: GET('/api/auth/sso/start?email=someone%40example.com'),
    check: (res) => expect(res.headers.location).toBe('/login#sso_error=unavailable'),
  },
  'GET /api/auth/sso/callback': {
    kind: 'unscoped',
    ok: 302,
    build: GET('/api/auth/sso/callback?code=x&state=unknown'),
    check: (res) => expect(res.headers.location).toBe('/login#sso_error=invalid'),
  },
  'POST /api/auth/sso/exchange': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      // A finished sign-on's hand-off, as the callback leaves it (the provider's part is sso.test.ts's).
      const user = await freshViewer(env);
      const code = unique('handoff');
      await env.ctx.db.query(`insert into sso_handoffs (code_hash, user_id, expires_at) values ($1, $2, now() + interval '1 minute')`, [
        hashToken(code),
        user.id,
      ]);
      return { method: 'POST', url: '/api/auth/sso/exchange', payload: { code } };
    },
    check: (res, env) => expect(res.json().user.organization_id).toBe(env.org),
  },
  'POST /api/auth/logout': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      // A second session of the caller, so the cached one stays usable.
      const session = await env.ctx.login(env.caller.email);
      return { method: 'POST', url: '/api/auth/logout', payload: { refresh_token: session.refresh_token }, token: session.access_token };
    },
    check: async (res, env, req) => {
      const after = await env.ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${req.token}` } });
      expect(after.statusCode).toBe(401);
    },
  },
  'POST /api/auth/refresh': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const user = await freshViewer(env);
      const session = await env.ctx.login(user.email);
      return { method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: session.refresh_token } };
    },
    check: (res) => expect(res.json().access_token).toEqual(expect.any(String)),
  },
  'POST /api/auth/register': {
    kind: 'unscoped',
    ok: 202,
    build: async (env) => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: `${unique('reg')}@${env.fx.domains[env.scope]}`,
        password: 'Register-Pass-1',
        first_name: 'Reg',
        last_name: 'Istered',
        organization_id: env.org,
      },
    }),
    check: async (res, env, req) => {
      expect(res.json()).toMatchObject({ success: true });
      // Nothing is created until the e-mailed link comes back; the request waits in the organization asked for.
      const email = (req.payload as { email: string }).email;
      const waiting = await env.ctx.db.query<{ organization_id: string }>('select organization_id from registration_requests where email = $1', [email]);
      expect(waiting.rows).toEqual([{ organization_id: env.org }]);
    },
  },
  'POST /api/auth/register/confirm': {
    kind: 'unscoped',
    ok: 201,
    build: async (env) => {
      const token = unique('confirm-token');
      await env.ctx.db.query(
        `insert into registration_requests (organization_id, email, first_name, last_name, password_hash, token_hash, expires_at)
         values ($1, $2, 'Con', 'Firmed', 'scrypt$x', $3, now() + interval '1 hour')`,
        [env.org, `${unique('confirmed')}@${env.fx.domains[env.scope]}`, hashToken(token)],
      );
      return { method: 'POST', url: '/api/auth/register/confirm', payload: { token } };
    },
    check: (res) => expect(res.json()).toMatchObject({ success: true, pending_approval: true }),
  },
  'GET /api/auth/registration': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/auth/registration'),
    // Both fixture organizations accept registration for their domain.
    check: (res) => expect(res.json()).toEqual({ available: true }),
  },
  'GET /api/auth/me': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/auth/me'),
    check: (res, env) => expect(res.json().id).toBe(env.caller.id),
  },
  'GET /api/auth/verify': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/auth/verify'),
    check: (res, env) => expect(res.json().user.id).toBe(env.caller.id),
  },
  'PUT /api/auth/profile': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { first_name: 'Profile', last_name: env.role, email: env.caller.email },
    }),
    check: (res, env) => expect(res.json().user.id).toBe(env.caller.id),
  },
  'POST /api/auth/change-password': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => ({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { old_password: TEST_PASSWORD, new_password: 'Another-Pass-77' },
      as: await env.ctx.createUser(env.role, env.fx.orgA.id),
    }),
  },

  'GET /api/auth/sessions': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/auth/sessions'),
    check: (res) => expect(res.json().items).toContainEqual(expect.objectContaining({ current: true })),
  },
  'DELETE /api/auth/sessions/:sessionId': {
    kind: 'unscoped',
    ok: 200,
    // Another session of the caller's, signed in for the call; the caller's own (cached) session stays.
    build: async (env) => {
      await env.ctx.login(env.caller.email);
      return { method: 'DELETE', url: `/api/auth/sessions/${await newestSessionOf(env, env.caller.id)}` };
    },
  },
  'POST /api/auth/sessions/revoke-others': {
    kind: 'unscoped',
    ok: 200,
    build: async () => ({ method: 'POST', url: '/api/auth/sessions/revoke-others' }),
  },

  'GET /api/auth/two-factor': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/auth/two-factor'),
    check: (res) => expect(res.json()).toHaveProperty('totp_enabled'),
  },
  'POST /api/auth/two-factor/totp/setup': {
    kind: 'unscoped',
    ok: 200,
    build: async () => ({ method: 'POST', url: '/api/auth/two-factor/totp/setup', payload: { password: TEST_PASSWORD } }),
  },
  'POST /api/auth/two-factor/totp/confirm': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const user = await env.ctx.createUser(env.role, env.fx.orgA.id);
      const setup = await env.ctx.as(user, { method: 'POST', url: '/api/auth/two-factor/totp/setup', payload: { password: TEST_PASSWORD } });
      return { method: 'POST', url: '/api/auth/two-factor/totp/confirm', payload: { code: await totpCode({ secret: setup.json().secret }) }, as: user };
    },
    check: (res) => expect(res.json().recovery_codes).toHaveLength(10),
  },
  'POST /api/auth/two-factor/totp/disable': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const user = await env.ctx.createUser(env.role, env.fx.orgA.id);
      await enrolSecondFactor(env, user);
      return { method: 'POST', url: '/api/auth/two-factor/totp/disable', payload: { password: TEST_PASSWORD }, as: user };
    },
  },
  'POST /api/auth/two-factor/recovery-codes': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const user = await env.ctx.createUser(env.role, env.fx.orgA.id);
      await enrolSecondFactor(env, user);
      return { method: 'POST', url: '/api/auth/two-factor/recovery-codes', payload: { password: TEST_PASSWORD }, as: user };
    },
  },
  'GET /api/auth/passkeys': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/auth/passkeys'),
    check: (res) => expect(res.json().passkeys).toEqual(expect.any(Array)),
  },
  'POST /api/auth/passkeys/registration/options': {
    kind: 'unscoped',
    ok: 200,
    build: async () => ({ method: 'POST', url: '/api/auth/passkeys/registration/options', payload: { password: TEST_PASSWORD } }),
  },
  'POST /api/auth/passkeys/registration': {
    kind: 'unscoped',
    ok: 201,
    build: async (env) => {
      const options = await env.ctx.as(env.caller, { method: 'POST', url: '/api/auth/passkeys/registration/options', payload: { password: TEST_PASSWORD } });
      const key = new SoftwarePasskey(new URL(env.ctx.config.publicUrl).origin);
      return { method: 'POST', url: '/api/auth/passkeys/registration', payload: { name: unique('Key'), credential: key.register(options.json()) } };
    },
  },
  'DELETE /api/auth/passkeys/:id': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const user = await env.ctx.createUser(env.role, env.fx.orgA.id);
      await passkeyOf(env, user);
      const [passkey] = (await env.ctx.as(user, { method: 'GET', url: '/api/auth/passkeys' })).json().passkeys;
      return { method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, as: user };
    },
  },
  'GET /api/auth/preferences': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/auth/preferences'),
    check: (res) => expect(res.json()).toMatchObject({ theme: expect.any(String), page_size: expect.any(Number) }),
  },
  'PUT /api/auth/preferences': {
    kind: 'unscoped',
    ok: 200,
    build: async () => ({ method: 'PUT', url: '/api/auth/preferences', payload: { page_size: 50 } }),
    check: (res) => expect(res.json()).toMatchObject({ page_size: 50, theme: 'light' }),
  },

  'GET /api/admin/system/audit-logs': {
    kind: 'list',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: auditUrl(env, '', await auditProbe(env)), headers: otherOrgHeader(env) }),
    check: (res, env) => {
      const body = res.json() as { items: { organization: { id: string } | null }[]; total: number };
      expect(body.total).toBe(seesProbe(env) ? 1 : 0);
      expect(body.items.map((i) => i.organization?.id)).toEqual(seesProbe(env) ? [env.org] : []);
    },
  },
  'GET /api/admin/system/audit-logs/export': {
    kind: 'list',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: auditUrl(env, '/export', await auditProbe(env)), headers: otherOrgHeader(env) }),
    check: (res, env) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines.length).toBe(seesProbe(env) ? 2 : 1);
      if (seesProbe(env)) expect(lines[1]).toContain(`,${env.org},`);
    },
  },

  'GET /api/admin/users': {
    kind: 'list',
    ok: 200,
    build: async (env) => ({
      method: 'GET',
      url: env.scope === 'own' ? '/api/admin/users?limit=200' : `/api/admin/users?limit=200&organization_id=${env.fx.orgB.id}`,
    }),
    check: (res, env) => {
      const items = res.json().items as { id: string; organization_id: string }[];
      if (env.role === 'super_admin') {
        const expected = env.scope === 'own' ? [env.fx.targets.own.id, env.fx.targets.other.id] : [env.fx.targets.other.id];
        expect(items.map((u) => u.id)).toEqual(expect.arrayContaining(expected));
        if (env.scope === 'other') expect(items.every((u) => u.organization_id === env.fx.orgB.id)).toBe(true);
      } else {
        expect(items.every((u) => u.organization_id === env.fx.orgA.id)).toBe(true);
        if (env.scope === 'other') expect(res.json().total).toBe(0);
      }
    },
  },
  'GET /api/admin/users/export': {
    kind: 'list',
    ok: 200,
    build: async (env) => ({
      method: 'GET',
      url: env.scope === 'own' ? '/api/admin/users/export' : `/api/admin/users/export?organization_id=${env.fx.orgB.id}`,
    }),
    check: (res, env) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      // id is the first column; the targets' ids never need quoting.
      const [header, ...lines] = res.body.trimEnd().split('\r\n');
      expect(header!.split(',')[0]).toBe('id');
      const ids = lines.map((line) => line.split(',')[0]);
      if (env.role === 'super_admin') {
        const expected = env.scope === 'own' ? [env.fx.targets.own.id, env.fx.targets.other.id] : [env.fx.targets.other.id];
        expect(ids).toEqual(expect.arrayContaining(expected));
        if (env.scope === 'other') expect(ids).not.toContain(env.fx.targets.own.id);
      } else {
        expect(ids).not.toContain(env.fx.targets.other.id);
        if (env.scope === 'own') expect(ids).toContain(env.fx.targets.own.id);
        else expect(ids).toEqual([]);
      }
    },
  },
  'POST /api/admin/users': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        email: `${unique('new')}@matrix.example`,
        password: 'Created-Pass-1',
        first_name: 'New',
        last_name: 'User',
        role: 'viewer',
        organization_id: env.org,
      },
    }),
    check: (res, env) => expect(res.json().organization_id).toBe(env.org),
  },
  'GET /api/admin/users/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/users/${env.fx.targets[env.scope].id}` }),
    check: (res, env) => expect(res.json().id).toBe(env.fx.targets[env.scope].id),
  },
  'PUT /api/admin/users/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'PUT', url: `/api/admin/users/${(await freshViewer(env)).id}`, payload: { first_name: 'Changed' } }),
    check: (res) => expect(res.json().first_name).toBe('Changed'),
  },
  'DELETE /api/admin/users/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'DELETE', url: `/api/admin/users/${(await freshViewer(env)).id}` }),
  },
  'PUT /api/admin/users/:id/password': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/users/${(await freshViewer(env)).id}/password`,
      payload: { new_password: 'Reset-Pass-123' },
    }),
  },
  'POST /api/admin/users/:id/unlock': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/users/${(await freshViewer(env)).id}/unlock` }),
  },
  'GET /api/admin/users/:id/sessions': {
    kind: 'scoped',
    ok: 200,
    build: GET_TARGET_SESSIONS,
    check: (res) => expect(res.json().items).toEqual(expect.any(Array)),
  },
  'DELETE /api/admin/users/:id/sessions/:sessionId': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const viewer = await freshViewer(env);
      await env.ctx.login(viewer.email);
      return { method: 'DELETE', url: `/api/admin/users/${viewer.id}/sessions/${await newestSessionOf(env, viewer.id)}` };
    },
  },
  'POST /api/admin/users/:id/sessions/revoke-all': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/users/${(await freshViewer(env)).id}/sessions/revoke-all` }),
  },
  'POST /api/admin/users/:id/two-factor/reset': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const viewer = await freshViewer(env);
      await enrolSecondFactor(env, viewer);
      return { method: 'POST', url: `/api/admin/users/${viewer.id}/two-factor/reset` };
    },
  },
  'POST /api/admin/users/:id/approve': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/users/${await pendingViewer(env)}/approve` }),
    check: (res) => expect(res.json()).toMatchObject({ pending_approval: false }),
  },
  'POST /api/admin/users/:id/reject': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/users/${await pendingViewer(env)}/reject` }),
    check: (res) => expect(res.json()).toMatchObject({ success: true }),
  },
  'GET /api/admin/users/:id/permissions': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/users/${env.fx.targets[env.scope].id}/permissions` }),
    check: (res) => expect(res.json().success).toBe(true),
  },
  'POST /api/admin/users/:id/permissions': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'POST',
      url: `/api/admin/users/${(await freshViewer(env)).id}/permissions`,
      payload: { permission: 'manage_templates' },
    }),
    check: (res) => expect(res.json().extra_permissions).toContain('manage_templates'),
  },
  'DELETE /api/admin/users/:id/permissions/:permission': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'DELETE',
      url: `/api/admin/users/${(await freshViewer(env, { permissions: ['manage_templates'] })).id}/permissions/manage_templates`,
    }),
    check: (res) => expect(res.json().extra_permissions).not.toContain('manage_templates'),
  },

  'GET /api/admin/organizations': {
    kind: 'list',
    ok: 200,
    build: async (env) => ({
      method: 'GET',
      url: env.scope === 'own' ? '/api/admin/organizations?limit=200' : `/api/admin/organizations?limit=200&q=${encodeURIComponent(env.fx.orgB.name)}`,
    }),
    check: (res, env) => {
      const ids = (res.json().items as { id: string }[]).map((o) => o.id);
      if (env.role === 'super_admin') {
        expect(ids).toContain(env.scope === 'own' ? env.fx.orgA.id : env.fx.orgB.id);
        if (env.scope === 'own') expect(ids).toContain(env.fx.orgB.id);
      } else {
        expect(ids.every((id) => id === env.fx.orgA.id)).toBe(true);
        if (env.scope === 'own') expect(ids).toEqual([env.fx.orgA.id]);
        else expect(ids).toEqual([]);
      }
    },
  },
  'POST /api/admin/organizations': {
    kind: 'unscoped',
    ok: 201,
    build: async () => ({ method: 'POST', url: '/api/admin/organizations', payload: { name: unique('Matrix Org') } }),
  },
  'GET /api/admin/organizations/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/organizations/${env.org}` }),
    check: (res, env) => expect(res.json().id).toBe(env.org),
  },
  'PUT /api/admin/organizations/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'PUT', url: `/api/admin/organizations/${env.org}`, payload: { description: `Updated by ${env.role}` } }),
    check: (res, env) => expect(res.json().description).toBe(`Updated by ${env.role}`),
  },
  'DELETE /api/admin/organizations/:id': {
    kind: 'scoped',
    // Organization A is the caller's own and has users: refused for that business reason, never deleted.
    ok: (env) => (env.scope === 'own' ? 409 : 200),
    build: async (env) => ({
      method: 'DELETE',
      url: `/api/admin/organizations/${env.scope === 'own' ? env.org : (await env.ctx.createOrg(unique('Doomed'))).id}`,
    }),
  },
  'GET /api/admin/organizations/:id/settings': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/organizations/${env.org}/settings` }),
    check: (res, env) => expect(res.json().organization_id).toBe(env.org),
  },
  'GET /api/admin/organizations/:id/sso': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/organizations/${env.org}/sso` }),
    check: (res) => expect(res.json().redirect_uri).toMatch(/\/api\/auth\/sso\/callback$/),
  },
  'PUT /api/admin/organizations/:id/sso': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/organizations/${env.org}/sso`,
      payload: {
        enabled: true,
        provider_name: 'Matrix IdP',
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        allowed_domains: [`${unique('sso')}.example`],
        default_role: 'viewer',
        roles_claim: null,
        sso_only: false,
      },
    }),
    check: (res) => expect(res.json().sso.has_client_secret).toBe(true),
  },
  'DELETE /api/admin/organizations/:id/sso': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      await ssoIn(env);
      return { method: 'DELETE', url: `/api/admin/organizations/${env.org}/sso` };
    },
  },
  'PUT /api/admin/organizations/:id/settings': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'PUT', url: `/api/admin/organizations/${env.org}/settings`, payload: { timezone: 'Europe/Berlin' } }),
    check: (res) => expect(res.json().settings.timezone).toBe('Europe/Berlin'),
  },

  'GET /api/admin/search': {
    kind: 'list',
    ok: 200,
    // A user and an organization named after a fresh token, in the organization under test: only a super admin
    // finds organization B's; users only with user:read.
    build: async (env) => {
      const token = unique('findme');
      await env.ctx.createUser('viewer', env.org, { email: `${token}@matrix.example` });
      if (env.scope === 'other') await env.ctx.createOrg(`${token} Org`);
      return { method: 'GET', url: `/api/admin/search?q=${token}` };
    },
    check: (res, env, req) => {
      const token = new URL(req.url, 'http://x').searchParams.get('q')!;
      const body = res.json() as { results: { type: string; title: string; subtitle: string }[]; totals: Record<string, number> };
      const users = body.results.filter((r) => r.type === 'user');
      const orgs = body.results.filter((r) => r.type === 'organization');
      const readsUsers = effectivePermissions(env.role, []).includes('user:read');
      const seesTarget = readsUsers && (env.scope === 'own' || env.role === 'super_admin');
      expect(users.map((u) => u.subtitle.split(' · ')[0])).toEqual(seesTarget ? [`${token}@matrix.example`] : []);
      expect('user' in body.totals).toBe(readsUsers);
      expect(orgs.map((o) => o.title)).toEqual(env.scope === 'other' && env.role === 'super_admin' ? [`${token} Org`] : []);
    },
  },

  // Workflows, steps and templates (issue 4). Each call that changes something gets a fresh workflow in the
  // organization under test; creations act in it through X-Organization-Id (refused for anyone else's).
  'GET /api/admin/workflows': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      const token = unique('listed');
      await createTestWorkflow(env.ctx.db, env.org, { name: token });
      return { method: 'GET', url: `/api/admin/workflows?q=${token}${env.scope === 'other' ? `&organization_id=${env.fx.orgB.id}` : ''}` };
    },
    check: (res, env) => expectListed(res, env),
  },
  'POST /api/admin/workflows': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({ method: 'POST', url: '/api/admin/workflows', payload: { name: unique('Created') }, headers: { 'x-organization-id': env.org } }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, version: 1, status: 'draft' }),
  },
  // The AI assistant (issue 16): every signed-in user; what it reveals follows the caller's organization scope.
  'POST /api/admin/ai/chat': {
    kind: 'list',
    ok: 200,
    // An overdue review in the organization under test, older than any before it, whose applicant is a fresh token:
    // the answer names it in one's own organization, in organization B only to a super admin acting there.
    build: async (env) => {
      const token = `AiProbe${++seq}x${Math.random().toString(36).slice(2, 8)}`;
      const workflow = await createTestWorkflow(env.ctx.db, env.org, { status: 'active' });
      await writeHistory(env.ctx.db, [
        {
          workflow,
          applicant: token,
          at: new Date(Date.UTC(2006, 0, 2) - seq * 86_400_000),
          visits: [
            { step: 'details', minutes: 1 },
            { step: 'review', minutes: 0, review: { role: 'operator', slaHours: 1 } },
          ],
          end: { kind: 'open' },
        },
      ]);
      return {
        method: 'POST',
        url: '/api/admin/ai/chat',
        payload: { message: 'Which reviews are overdue?', context: { path: '/applications' } },
        headers: { ...otherOrgHeader(env), 'x-test-probe': token },
      };
    },
    check: (res, env, req) => {
      expect(res.json().data.response.includes(probeOf(req)!)).toBe(seesProbe(env));
    },
  },
  'GET /api/admin/ai/interactions': {
    kind: 'list',
    ok: 200,
    // One's own interactions only: the caller's row is listed, organization B's never.
    build: async (env) => {
      const mine = unique('asked');
      const theirs = unique('asked-elsewhere');
      const insert = (org: string, user: string, message: string) =>
        env.ctx.db.query(`insert into ai_interactions (organization_id, user_id, message, response, provider) values ($1, $2, $3, 'answer', 'built-in')`, [
          org,
          user,
          message,
        ]);
      await insert(env.fx.orgA.id, env.caller.id, mine);
      await insert(env.fx.orgB.id, env.fx.targets.other.id, theirs);
      return { method: 'GET', url: '/api/admin/ai/interactions?limit=200', headers: { ...otherOrgHeader(env), 'x-test-probe': mine } };
    },
    check: (res, env, req) => {
      const items = res.json().items as { user_id: string; message: string }[];
      expect(items.some((i) => i.message === probeOf(req))).toBe(true);
      expect(items.every((i) => i.user_id === env.caller.id)).toBe(true);
    },
  },
  'POST /api/admin/ai/feedback': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const row = await env.ctx.db.query<{ id: string }>(
        `insert into ai_interactions (organization_id, user_id, message, response, provider) values ($1, $2, 'q', 'a', 'built-in') returning id`,
        [env.fx.orgA.id, env.caller.id],
      );
      return { method: 'POST', url: '/api/admin/ai/feedback', payload: { interaction_id: row.rows[0]!.id, feedback_score: 5 } };
    },
  },
  'GET /api/admin/ai/context-help/:topic': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/admin/ai/context-help/dashboard_overview'),
    check: (res) => expect(res.json().topic).toBe('dashboard_overview'),
  },
  'GET /api/admin/ai/status': { kind: 'unscoped', ok: 200, build: GET('/api/admin/ai/status'), check: (res) => expect(res.json().provider).toBe('built-in') },

  // Generators: tasks are created in the organization the caller acts in; a task is its owner's.
  'POST /api/admin/ai-generator/generate-workflow': {
    kind: 'scoped',
    ok: 202,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/ai-generator/generate-workflow',
      payload: { description: 'Collect name and email, then a manager approves.' },
      headers: { 'x-organization-id': env.org },
    }),
    check: async (res, env) => {
      const row = await env.ctx.db.query('select organization_id, user_id from ai_tasks where id = $1', [res.json().task_id]);
      expect(row.rows).toEqual([{ organization_id: env.org, user_id: env.caller.id }]);
    },
  },
  'POST /api/admin/ai-generator/generate-tool': {
    kind: 'scoped',
    ok: 202,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/ai-generator/generate-tool',
      payload: { description: 'Combine first name and last name into a full name' },
      headers: { 'x-organization-id': env.org },
    }),
    check: async (res, env) => {
      const row = await env.ctx.db.query('select organization_id from ai_tasks where id = $1', [res.json().task_id]);
      expect(row.rows).toEqual([{ organization_id: env.org }]);
    },
  },
  'GET /api/admin/ai-generator/task-status/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/ai-generator/task-status/${await finishedTask(env, 'tool')}` }),
    check: (res) => expect(res.json()).toMatchObject({ kind: 'tool', status: 'completed' }),
  },
  'POST /api/admin/ai-generator/cancel-task/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const res = await env.ctx.db.query<{ id: string }>(
        `insert into ai_tasks (organization_id, user_id, kind, status, input, progress, stage, provider)
         values ($1, $2, 'tool', 'running', '{"description": "matrix"}', 30, 'Drafting', 'built-in') returning id`,
        [env.org, env.caller.id],
      );
      return { method: 'POST', url: `/api/admin/ai-generator/cancel-task/${res.rows[0]!.id}` };
    },
    check: (res) => expect(res.json()).toMatchObject({ kind: 'tool', status: 'cancelled' }),
  },
  'POST /api/admin/ai-generator/create-workflow-from-ai': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/ai-generator/create-workflow-from-ai',
      payload: { task_id: await finishedTask(env, 'workflow') },
      headers: { 'x-organization-id': env.org },
    }),
    check: (res, env) => expect(res.json().workflow).toMatchObject({ organization_id: env.org, status: 'draft' }),
  },
  'POST /api/admin/ai-generator/create-tool-from-ai': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/ai-generator/create-tool-from-ai',
      payload: { task_id: await finishedTask(env, 'tool') },
      headers: { 'x-organization-id': env.org },
    }),
    check: (res, env) => expect(res.json().tool).toMatchObject({ organization_id: env.org, status: 'draft' }),
  },

  'GET /api/admin/analytics/dashboard': {
    kind: 'list',
    ok: 200,
    build: async (env) => ({
      method: 'GET',
      url: '/api/admin/analytics/dashboard',
      // Dated a minute ahead: the newest activity of its organization, whatever earlier samples' cases are doing
      // in the background meanwhile (the dashboard shows the 10 newest).
      headers: { ...otherOrgHeader(env), 'x-test-probe': (await caseIn(env, new Date(Date.now() + 60_000))).applicationId },
    }),
    check: (res, env, req) => {
      const body = res.json() as { organization_id: string | null; activity: { application_id: string }[]; tools: unknown };
      expect(body.organization_id).toBe(analyticsScope(env));
      expect(body.activity.some((a) => a.application_id === probeOf(req))).toBe(seesProbe(env));
      expect(body.tools === null).toBe(!effectivePermissions(env.role, []).includes('tool:read'));
    },
  },
  'GET /api/admin/analytics': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      await caseIn(env);
      return { method: 'GET', url: '/api/admin/analytics/?range=today', headers: otherOrgHeader(env) };
    },
    check: (res, env) => {
      expect(res.json().organization_id).toBe(analyticsScope(env));
      expect(res.json().totals.started).toBeGreaterThan(0);
    },
  },
  'GET /api/admin/analytics/applications': {
    kind: 'list',
    ok: 200,
    build: async (env) => ({
      method: 'GET',
      url: '/api/admin/analytics/applications?range=7d',
      headers: { ...otherOrgHeader(env), 'x-test-probe': (await caseIn(env)).workflowId },
    }),
    check: (res, env, req) => {
      const ids = (res.json().per_workflow as { workflow_id: string }[]).map((w) => w.workflow_id);
      expect(ids.includes(probeOf(req)!)).toBe(seesProbe(env));
    },
  },
  'GET /api/admin/workflows/analytics': {
    kind: 'list',
    ok: 200,
    build: async (env) => ({
      method: 'GET',
      url: '/api/admin/workflows/analytics',
      headers: { ...otherOrgHeader(env), 'x-test-probe': (await caseIn(env)).workflowId },
    }),
    check: (res, env, req) => {
      const row = (res.json().per_workflow as { workflow_id: string; started: number }[]).find((w) => w.workflow_id === probeOf(req));
      expect(row?.started ?? null).toBe(seesProbe(env) ? 1 : null);
    },
  },
  'GET /api/admin/workflows/insights': {
    kind: 'unscoped',
    ok: 200,
    // An active workflow with a blank graph in the organization under test: a critical insight, for its organization only.
    build: async (env) => {
      const wf = await createTestWorkflow(env.ctx.db, env.org, { graph: { steps: [], connections: [] } });
      await env.ctx.db.query(`update workflows set status = 'active' where id = $1`, [wf.id]);
      // The draft's id rides in a header the server ignores, for the check below.
      return { method: 'GET', url: '/api/admin/workflows/insights', headers: { 'x-test-probe': wf.id } };
    },
    check: (res, env, req) => {
      const probe = (req.headers as Record<string, string>)['x-test-probe'];
      const ids = (res.json().insights as { workflow_id: string }[]).map((i) => i.workflow_id);
      if (env.role === 'super_admin' || env.scope === 'own') expect(ids).toContain(probe);
      else expect(ids).not.toContain(probe);
    },
  },
  'GET /api/admin/workflows/step-templates': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/admin/workflows/step-templates'),
    check: (res) => expect((res.json().items as { type: string }[]).map((t) => t.type)).toContain('condition'),
  },
  'POST /api/admin/workflows/complete': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/workflows/complete',
      payload: { name: unique('Complete'), graph: sampleGraph() },
      headers: { 'x-organization-id': env.org },
    }),
    check: (res, env) => {
      expect(res.json().organization_id).toBe(env.org);
      expect(res.json().steps).toHaveLength(5);
    },
  },
  'GET /api/admin/workflows/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}` }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, steps: expect.any(Array), connections: expect.any(Array) }),
  },
  'PUT /api/admin/workflows/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}`,
      payload: { description: `Updated by ${env.role}`, status: 'active' },
    }),
    check: (res, env) => expect(res.json()).toMatchObject({ description: `Updated by ${env.role}`, status: 'active' }),
  },
  'DELETE /api/admin/workflows/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'DELETE', url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}` }),
  },
  'PUT /api/admin/workflows/:id/complete': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}/complete`,
      payload: { graph: sampleGraph(), expected_version: 1 },
    }),
    check: (res) => expect(res.json().version).toBe(2),
  },
  'POST /api/admin/workflows/:id/duplicate': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({ method: 'POST', url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}/duplicate`, payload: {} }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, version: 1, status: 'draft' }),
  },
  'POST /api/admin/workflows/:id/validate': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}/validate` }),
    check: (res) => expect(res.json()).toEqual({ valid: true, problems: [] }),
  },
  'GET /api/admin/workflows/:id/analytics': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/workflows/${(await caseIn(env)).workflowId}/analytics?range=7d` }),
    check: (res) => expect(res.json().totals.started).toBe(1),
  },
  'GET /api/admin/workflows/:id/versions': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}/versions` }),
    check: (res) => expect(res.json().total).toBe(1),
  },
  'GET /api/admin/workflows/:id/versions/:version': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}/versions/1` }),
    check: (res) => expect(res.json()).toMatchObject({ version: 1, is_current: true }),
  },
  'POST /api/admin/workflows/:id/versions/:version/restore': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}/versions/1/restore` }),
    check: (res) => expect(res.json().version).toBe(2),
  },
  'POST /api/admin/workflows/:id/drafts': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org, { status: 'active' })).id}/drafts`,
      payload: { graph: sampleGraph() },
    }),
    check: (res) => expect(res.json()).toMatchObject({ version: 2, state: 'pending', based_on_version: 1 }),
  },
  'POST /api/admin/workflows/:id/versions/:version/publish': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const wf = await createTestWorkflow(env.ctx.db, env.org, { status: 'active' });
      return { method: 'POST', url: `/api/admin/workflows/${wf.id}/versions/${await createTestDraft(env.ctx.db, wf)}/publish` };
    },
    check: (res) => expect(res.json()).toMatchObject({ version: 2, pending_version: null }),
  },
  'POST /api/admin/workflows/:id/versions/:version/discard': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const wf = await createTestWorkflow(env.ctx.db, env.org, { status: 'active' });
      return { method: 'POST', url: `/api/admin/workflows/${wf.id}/versions/${await createTestDraft(env.ctx.db, wf)}/discard` };
    },
    check: (res) => expect(res.json()).toMatchObject({ version: 2, state: 'discarded' }),
  },
  'POST /api/admin/workflows/:id/versions/:version/simulations': {
    kind: 'scoped',
    ok: 202,
    build: async (env) => ({
      method: 'POST',
      url: `/api/admin/workflows/${(await createTestWorkflow(env.ctx.db, env.org)).id}/versions/1/simulations`,
      payload: {},
    }),
    check: (res) => expect(res.json()).toMatchObject({ version: 1, status: 'queued' }),
  },
  'GET /api/admin/workflows/:id/simulations': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/workflows/${(await simulationIn(env)).workflowId}/simulations` }),
    check: (res) => expect(res.json().total).toBe(1),
  },
  'GET /api/admin/workflows/:id/versions/:version/simulation': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/workflows/${(await simulationIn(env)).workflowId}/versions/1/simulation` }),
    check: (res) => expect(res.json()).toMatchObject({ version: 1, status: 'completed' }),
  },
  'GET /api/admin/simulations/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/simulations/${(await simulationIn(env)).runId}` }),
    check: (res) => expect(res.json().summary.cases).toBe(1),
  },
  'GET /api/admin/simulations/:id/cases': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/simulations/${(await simulationIn(env)).runId}/cases` }),
    check: (res) => expect(res.json().total).toBe(1),
  },
  'GET /api/admin/simulations/:id/cases/:application_id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const { runId, applicationId } = await simulationIn(env);
      return { method: 'GET', url: `/api/admin/simulations/${runId}/cases/${applicationId}` };
    },
    check: (res) => expect(res.json()).toMatchObject({ before: 'in_progress', after: 'waits_for_applicant' }),
  },
  'GET /api/admin/simulations/:id/export': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/simulations/${(await simulationIn(env)).runId}/export` }),
    check: (res) => expect(res.body.split('\r\n')[1]).toContain('in_progress,waits_for_applicant,true'),
  },
  'GET /api/admin/steps/workflow/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/steps/workflow/${(await createTestWorkflow(env.ctx.db, env.org)).id}` }),
    check: (res) => expect(res.json().total).toBe(5),
  },
  'GET /api/admin/steps/workflow/:id/connections': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/steps/workflow/${(await createTestWorkflow(env.ctx.db, env.org)).id}/connections` }),
    check: (res) => expect(res.json().total).toBe(4),
  },
  'POST /api/admin/steps': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/steps',
      payload: { workflow_id: (await createTestWorkflow(env.ctx.db, env.org)).id, type: 'notification', name: 'Notify the applicant' },
    }),
    check: (res) => expect(res.json()).toMatchObject({ type: 'notification', workflow_version: 2 }),
  },
  'POST /api/admin/steps/validate-config': {
    kind: 'unscoped',
    ok: 200,
    build: async () => ({ method: 'POST', url: '/api/admin/steps/validate-config', payload: { type: 'delay', config: { amount: 3 } } }),
    check: (res) => expect(res.json()).toEqual({ valid: true, config: { amount: 3, unit: 'minutes' }, errors: [] }),
  },
  'POST /api/admin/steps/connections': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => {
      const wf = await createTestWorkflow(env.ctx.db, env.org);
      return { method: 'POST', url: '/api/admin/steps/connections', payload: { source_step_id: wf.steps.details, target_step_id: wf.steps.no } };
    },
    check: (res) => expect(res.json().workflow_version).toBe(2),
  },
  'PUT /api/admin/steps/connections/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/steps/connections/${(await createTestWorkflow(env.ctx.db, env.org)).connections[0]}`,
      payload: { label: 'Next' },
    }),
    check: (res) => expect(res.json().label).toBe('Next'),
  },
  'DELETE /api/admin/steps/connections/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'DELETE', url: `/api/admin/steps/connections/${(await createTestWorkflow(env.ctx.db, env.org)).connections[0]}` }),
  },
  'GET /api/admin/steps/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/steps/${(await createTestWorkflow(env.ctx.db, env.org)).steps.details}` }),
    check: (res) => expect(res.json().type).toBe('form'),
  },
  'PUT /api/admin/steps/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/steps/${(await createTestWorkflow(env.ctx.db, env.org)).steps.details}`,
      payload: { name: 'Renamed' },
    }),
    check: (res) => expect(res.json().name).toBe('Renamed'),
  },
  'DELETE /api/admin/steps/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'DELETE', url: `/api/admin/steps/${(await createTestWorkflow(env.ctx.db, env.org)).steps.details}` }),
  },
  'GET /api/admin/workflow-templates': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      const token = unique('template');
      await createTestTemplate(env.ctx.db, env.org, { name: token });
      return { method: 'GET', url: `/api/admin/workflow-templates?q=${token}${env.scope === 'other' ? `&organization_id=${env.fx.orgB.id}` : ''}` };
    },
    check: (res, env) => expectListed(res, env),
  },
  'POST /api/admin/workflow-templates': {
    kind: 'scoped',
    ok: 201,
    // Save as template: from a workflow of the organization under test, into its organization.
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/workflow-templates',
      payload: { name: unique('Saved'), workflow_id: (await createTestWorkflow(env.ctx.db, env.org)).id },
    }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, is_global: false, step_count: 5 }),
  },
  'PUT /api/admin/workflow-templates/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/workflow-templates/${(await createTestTemplate(env.ctx.db, env.org)).id}`,
      payload: { description: `Updated by ${env.role}` },
    }),
    check: (res, env) => expect(res.json().description).toBe(`Updated by ${env.role}`),
  },
  'DELETE /api/admin/workflow-templates/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'DELETE', url: `/api/admin/workflow-templates/${(await createTestTemplate(env.ctx.db, env.org)).id}` }),
  },

  // Tools (issue 5)
  'GET /api/admin/tools': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      const token = unique('listed_tool').replace(/-/g, '_');
      await createTestTool(env.ctx.db, env.org, { name: token });
      return { method: 'GET', url: `/api/admin/tools?q=${token}${env.scope === 'other' ? `&organization_id=${env.fx.orgB.id}` : ''}` };
    },
    check: (res, env) => expectListed(res, env),
  },
  'POST /api/admin/tools': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/tools',
      headers: { 'x-organization-id': env.org },
      payload: {
        name: unique('new_tool').replace(/-/g, '_'),
        description: 'Builds a full name',
        tool_type: 'transform',
        config: TRANSFORM_CONFIG,
        input_schema: NAME_INPUT_SCHEMA,
      },
    }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, status: 'draft', tool_type: 'transform' }),
  },
  'GET /api/admin/tools/types': { kind: 'unscoped', ok: 200, build: GET('/api/admin/tools/types'), check: (res) => expect(res.json().items).toHaveLength(4) },
  'GET /api/admin/tools/generic/templates': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/admin/tools/generic/templates?tool_type=webhook'),
    check: (res) => expect(res.json().items.every((t: { tool_type: string }) => t.tool_type === 'webhook')).toBe(true),
  },
  'GET /api/admin/tools/generic/:type/config-schema': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/admin/tools/generic/http_request/config-schema'),
    check: (res) => expect(res.json()).toMatchObject({ type: 'http_request', config_schema: { type: 'object' } }),
  },
  'GET /api/admin/tools/analytics': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      lastTool = await createTestTool(env.ctx.db, env.org);
      await createTestExecution(env.ctx.db, lastTool);
      await foldRollups(env.ctx.db);
      return { method: 'GET', url: '/api/admin/tools/analytics?days=1', headers: otherOrgHeader(env) };
    },
    check: (res, env) => {
      const ids = (res.json() as { per_tool: { tool_id: string }[] }).per_tool.map((t) => t.tool_id);
      expect(ids.includes(lastTool.id)).toBe(env.scope === 'own' || env.role === 'super_admin');
    },
  },
  'GET /api/admin/tools/executions': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      lastExecution = await createTestExecution(env.ctx.db, await createTestTool(env.ctx.db, env.org));
      return { method: 'GET', url: '/api/admin/tools/executions?limit=100', headers: otherOrgHeader(env) };
    },
    check: (res, env) => {
      const ids = (res.json() as { items: { id: string }[] }).items.map((e) => e.id);
      expect(ids.includes(lastExecution)).toBe(env.scope === 'own' || env.role === 'super_admin');
    },
  },
  'GET /api/admin/tools/executions/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'GET',
      url: `/api/admin/tools/executions/${await createTestExecution(env.ctx.db, await createTestTool(env.ctx.db, env.org))}`,
    }),
    check: (res) => expect(res.json()).toMatchObject({ status: 'success', caller_type: 'test' }),
  },
  'GET /api/admin/tools/configurations': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      const tool = await createTestTool(env.ctx.db, env.org);
      await createTestConfiguration(env.ctx.db, tool, env.ctx.app.secrets.secretKey, { secrets: { TOKEN: 'very-secret' } });
      return { method: 'GET', url: `/api/admin/tools/configurations?tool_id=${tool.id}` };
    },
    check: (res, env) => {
      const items = (res.json() as { items: { secrets: Record<string, string> }[] }).items;
      const visible = env.scope === 'own' || env.role === 'super_admin';
      expect(items).toHaveLength(visible ? 1 : 0);
      expect(res.body).not.toContain('very-secret');
    },
  },
  'POST /api/admin/tools/configurations': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/tools/configurations',
      payload: { tool_id: (await createTestTool(env.ctx.db, env.org)).id, environment: 'staging', secrets: { TOKEN: 'shh-secret' } },
    }),
    check: (res) => {
      expect(res.json()).toMatchObject({ environment: 'staging', secrets: { TOKEN: '••••••••' } });
      expect(res.body).not.toContain('shh-secret');
    },
  },
  'PUT /api/admin/tools/configurations/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/tools/configurations/${await createTestConfiguration(env.ctx.db, await createTestTool(env.ctx.db, env.org), env.ctx.app.secrets.secretKey)}`,
      payload: { is_active: false },
    }),
    check: (res) => expect(res.json().is_active).toBe(false),
  },
  'DELETE /api/admin/tools/configurations/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'DELETE',
      url: `/api/admin/tools/configurations/${await createTestConfiguration(env.ctx.db, await createTestTool(env.ctx.db, env.org), env.ctx.app.secrets.secretKey)}`,
    }),
  },
  'GET /api/admin/tools/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/tools/${(await createTestTool(env.ctx.db, env.org)).id}` }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, tool_type: 'transform' }),
  },
  'PUT /api/admin/tools/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/tools/${(await createTestTool(env.ctx.db, env.org)).id}`,
      payload: { description: `Updated by ${env.role}` },
    }),
    check: (res, env) => expect(res.json().description).toBe(`Updated by ${env.role}`),
  },
  'DELETE /api/admin/tools/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'DELETE', url: `/api/admin/tools/${(await createTestTool(env.ctx.db, env.org)).id}` }),
  },
  'POST /api/admin/tools/:id/approve': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'POST',
      url: `/api/admin/tools/${(await createTestTool(env.ctx.db, env.org, { status: 'pending_approval' })).id}/approve`,
      payload: { action: 'approve' },
    }),
    check: (res) => expect(res.json()).toMatchObject({ status: 'approved', is_enabled: true }),
  },
  'POST /api/admin/tools/:id/test': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'POST',
      url: `/api/admin/tools/${(await createTestTool(env.ctx.db, env.org)).id}/test`,
      payload: { input: { first_name: 'Ada', last_name: 'Lovelace' } },
    }),
    check: (res) => expect(res.json()).toMatchObject({ status: 'success', output: { full_name: 'Ada Lovelace' }, caller_type: 'test' }),
  },
  'GET /api/admin/tools/:id/analytics': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const tool = await createTestTool(env.ctx.db, env.org);
      await createTestExecution(env.ctx.db, tool, { latencyMs: 40 });
      await createTestExecution(env.ctx.db, tool, { status: 'error', latencyMs: 60, error: 'Upstream answered 503' });
      await foldRollups(env.ctx.db);
      return { method: 'GET', url: `/api/admin/tools/${tool.id}/analytics` };
    },
    check: (res) => expect(res.json()).toMatchObject({ calls: 2, errors: 1, error_rate: 0.5, top_errors: [{ error: 'Upstream answered 503', count: 1 }] }),
  },
  'GET /api/admin/tools/:id/configurations': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const tool = await createTestTool(env.ctx.db, env.org);
      await createTestConfiguration(env.ctx.db, tool, env.ctx.app.secrets.secretKey, { environment: 'production' });
      return { method: 'GET', url: `/api/admin/tools/${tool.id}/configurations` };
    },
    check: (res) => expect(res.json().items).toHaveLength(1),
  },
  'GET /api/admin/tools/:id/history': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/tools/${(await createTestTool(env.ctx.db, env.org)).id}/history` }),
    check: (res) => expect(res.json().items).toEqual([]),
  },

  // API keys and the MCP endpoint's details (issue 5)
  'GET /api/admin/api-keys': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      const admin = await env.ctx.createUser('admin', env.org);
      const res = await env.ctx.as(admin, { method: 'POST', url: '/api/admin/api-keys', payload: { name: unique('Key') } });
      lastKeyId = res.json().id;
      return { method: 'GET', url: '/api/admin/api-keys', headers: otherOrgHeader(env) };
    },
    check: (res, env) => {
      const body = res.json() as { items: { id: string }[] };
      expect(body.items.some((k) => k.id === lastKeyId)).toBe(env.scope === 'own' || env.role === 'super_admin');
      expect(res.body).not.toMatch(/"key"/);
    },
  },
  'POST /api/admin/api-keys': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({ method: 'POST', url: '/api/admin/api-keys', payload: { name: unique('Agent'), organization_id: env.org } }),
    check: (res, env) => {
      const body = res.json();
      expect(body).toMatchObject({ organization_id: env.org, scopes: ['mcp'], environment: 'production', revoked_at: null });
      expect(body.key).toMatch(/^apk_/);
      expect(body.key.startsWith(body.prefix)).toBe(true);
    },
  },
  'DELETE /api/admin/api-keys/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const admin = await env.ctx.createUser('admin', env.org);
      const res = await env.ctx.as(admin, { method: 'POST', url: '/api/admin/api-keys', payload: { name: unique('Doomed') } });
      return { method: 'DELETE', url: `/api/admin/api-keys/${res.json().id}` };
    },
    check: (res) => expect(res.json().revoked_at).not.toBeNull(),
  },
  'GET /api/admin/webhooks': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      lastWebhookId = await webhookIn(env);
      return { method: 'GET', url: '/api/admin/webhooks', headers: otherOrgHeader(env) };
    },
    check: (res, env) => {
      const body = res.json() as { items: { id: string }[] };
      expect(body.items.some((w) => w.id === lastWebhookId)).toBe(env.scope === 'own' || env.role === 'super_admin');
      expect(res.body).not.toMatch(/"secret"/);
    },
  },
  'POST /api/admin/webhooks': {
    kind: 'unscoped',
    ok: 201,
    build: async () => ({
      method: 'POST',
      url: '/api/admin/webhooks',
      payload: { url: `https://crm.example.invalid/${unique('hook')}`, event_types: ['application.failed'] },
    }),
    check: (res) => expect(res.json().secret).toMatch(/^whsec_/),
  },
  'GET /api/admin/webhooks/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/webhooks/${await webhookIn(env)}` }),
    check: (res) => expect(res.json()).not.toHaveProperty('secret'),
  },
  'PUT /api/admin/webhooks/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'PUT', url: `/api/admin/webhooks/${await webhookIn(env)}`, payload: { enabled: false } }),
    check: (res) => expect(res.json()).toMatchObject({ enabled: false, disabled_reason: 'manual' }),
  },
  'DELETE /api/admin/webhooks/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'DELETE', url: `/api/admin/webhooks/${await webhookIn(env)}` }),
  },
  'POST /api/admin/webhooks/:id/rotate-secret': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/webhooks/${await webhookIn(env)}/rotate-secret` }),
    check: (res) => expect(res.json().secret).toMatch(/^whsec_/),
  },
  'POST /api/admin/webhooks/:id/test': {
    kind: 'scoped',
    ok: 202,
    build: async (env) => ({ method: 'POST', url: `/api/admin/webhooks/${await webhookIn(env)}/test` }),
    check: (res) => expect(res.json().event_type).toBe('webhook.test'),
  },
  'GET /api/admin/webhooks/:id/deliveries': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await webhookIn(env);
      await webhookDeliveryIn(env, id);
      return { method: 'GET', url: `/api/admin/webhooks/${id}/deliveries` };
    },
    check: (res) => expect(res.json().total).toBe(1),
  },
  'GET /api/admin/webhooks/:id/deliveries/:delivery_id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await webhookIn(env);
      return { method: 'GET', url: `/api/admin/webhooks/${id}/deliveries/${await webhookDeliveryIn(env, id)}` };
    },
    check: (res) => expect(res.json().attempts_made).toEqual([]),
  },
  'POST /api/admin/webhooks/:id/deliveries/:delivery_id/resend': {
    kind: 'scoped',
    ok: 202,
    build: async (env) => {
      const id = await webhookIn(env);
      return { method: 'POST', url: `/api/admin/webhooks/${id}/deliveries/${await webhookDeliveryIn(env, id)}/resend` };
    },
    // Due again at once: the sender may already hold it.
    check: (res) => expect(['pending', 'sending']).toContain(res.json().status),
  },
  'GET /api/admin/mcp': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/admin/mcp'),
    check: (res) => expect(res.json()).toMatchObject({ url: expect.stringMatching(/\/mcp$/), transport: 'streamable-http' }),
  },

  'GET /api/admin/applications': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      lastCase = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
      return { method: 'GET', url: '/api/admin/applications/?limit=200', headers: otherOrgHeader(env) };
    },
    check: (res, env) => {
      const ids = (res.json() as { items: { id: string }[] }).items.map((a) => a.id);
      expect(ids.includes(lastCase)).toBe(env.scope === 'own' || env.role === 'super_admin');
    },
  },
  'POST /api/admin/applications': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/applications/',
      payload: { workflow_id: (await activeWorkflow(env)).id, applicant: { name: 'Hand Made' } },
      headers: { 'x-organization-id': env.org },
    }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, source: 'manual', applicant_name: 'Hand Made' }),
  },
  'GET /api/admin/applications/stream': {
    kind: 'unscoped',
    ok: 200,
    // follow=false: the events since the position, then the stream closes (a followed stream would never end here).
    build: async (env) => ({ method: 'GET', url: '/api/admin/applications/stream?follow=false&last_event_id=0-0', headers: otherOrgHeader(env) }),
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/text\/event-stream/);
      expect(res.body).toContain('event: ready');
    },
  },
  'GET /api/admin/applications/review-tasks': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      lastCase = await startTestCase(env.ctx, (await activeWorkflow(env, approvalGraph('operator'))).id, env.org);
      return { method: 'GET', url: '/api/admin/applications/review-tasks?limit=200', headers: otherOrgHeader(env) };
    },
    check: (res, env) => {
      const ids = (res.json() as { items: { application_id: string }[] }).items.map((t) => t.application_id);
      expect(ids.includes(lastCase)).toBe(env.scope === 'own' || env.role === 'super_admin');
    },
  },
  'GET /api/admin/applications/counts': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      const workflow = await activeWorkflow(env, approvalGraph('operator'));
      await openReviewTask(env.ctx.db, await startTestCase(env.ctx, workflow.id, env.org));
      return { method: 'GET', url: `/api/admin/applications/counts?workflow_id=${workflow.id}`, headers: otherOrgHeader(env) };
    },
    check: (res, env) => expect(res.json()).toMatchObject({ waiting_for_review: env.scope === 'own' || env.role === 'super_admin' ? 1 : 0 }),
  },
  'GET /api/admin/applications/notifications': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      await addressNotification(env);
      return { method: 'GET', url: '/api/admin/applications/notifications?unread=true' };
    },
    check: (res, env) => {
      const body = res.json() as { items: { recipient_user_id: string | null; recipient_role: string | null }[]; unread: number };
      expect(body.unread).toBeGreaterThan(0);
      for (const n of body.items) expect(n.recipient_user_id === env.caller.id || n.recipient_role === env.caller.role).toBe(true);
    },
  },
  'POST /api/admin/applications/notifications/read': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      await addressNotification(env);
      return { method: 'POST', url: '/api/admin/applications/notifications/read' };
    },
    check: async (_res, env) => {
      const left = await env.ctx.db.query('select 1 from staff_notifications where recipient_user_id = $1 and not ($1 = any(read_by))', [env.caller.id]);
      expect(left.rows).toEqual([]);
    },
  },
  'POST /api/admin/applications/notifications/:id/read': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/applications/notifications/${await addressNotification(env)}/read` }),
  },
  'POST /api/admin/applications/review-tasks/:id/decision': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env, approvalGraph(reviewerRoleOf(env)))).id, env.org);
      return { method: 'POST', url: `/api/admin/applications/review-tasks/${await openReviewTask(env.ctx.db, id)}/decision`, payload: { decision: 'approve' } };
    },
    check: (res) => expect(res.json()).toMatchObject({ status: 'approved' }),
  },
  'GET /api/admin/applications/review-tasks/counts': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env, approvalGraph(reviewerRoleOf(env)))).id, env.org);
      await env.ctx.db.query('update review_tasks set claimed_by = $2, claimed_at = now() where id = $1', [
        await openReviewTask(env.ctx.db, id),
        env.caller.id,
      ]);
      return { method: 'GET', url: '/api/admin/applications/review-tasks/counts', headers: otherOrgHeader(env) };
    },
    check: async (res, env) => {
      // The caller's own open reviews in the organizations the call covers, and never organization B's to anyone else.
      const scope = analyticsScope(env);
      const mine = await env.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from review_tasks where status = 'open' and claimed_by = $1 and ($2::uuid is null or organization_id = $2::uuid)`,
        [env.caller.id, scope],
      );
      expect(res.json()).toMatchObject({ mine: mine.rows[0]!.n });
      if (seesProbe(env)) expect(res.json().mine).toBeGreaterThan(0);
    },
  },
  'GET /api/admin/applications/review-tasks/reviewers': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      lastUserId = (await env.ctx.createUser('operator', env.org)).id;
      return { method: 'GET', url: '/api/admin/applications/review-tasks/reviewers?role=operator', headers: otherOrgHeader(env) };
    },
    check: (res, env) => {
      const ids = (res.json() as { items: { id: string }[] }).items.map((r) => r.id);
      expect(ids.includes(lastUserId)).toBe(seesProbe(env));
    },
  },
  'POST /api/admin/applications/review-tasks/bulk': {
    // A list in effect: answered 200, each review checked as if alone; another organization's are "not found".
    kind: 'list',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env, approvalGraph(reviewerRoleOf(env)))).id, env.org);
      return {
        method: 'POST',
        url: '/api/admin/applications/review-tasks/bulk',
        payload: { action: 'claim', task_ids: [await openReviewTask(env.ctx.db, id)] },
      };
    },
    check: (res, env) => {
      const [result] = (res.json() as { results: { ok: boolean; status: number }[] }).results;
      const decides = ['super_admin', 'admin', 'manager', 'operator', 'compliance_officer'].includes(env.role);
      expect(result!.ok).toBe(seesProbe(env) && decides);
      expect(result!.status).toBe(!seesProbe(env) ? 404 : decides ? 200 : 403);
    },
  },
  'POST /api/admin/applications/review-tasks/:id/claim': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env, approvalGraph(reviewerRoleOf(env)))).id, env.org);
      return { method: 'POST', url: `/api/admin/applications/review-tasks/${await openReviewTask(env.ctx.db, id)}/claim` };
    },
    check: (res, env) => expect(res.json()).toMatchObject({ claimed_by: env.caller.id, status: 'open' }),
  },
  'POST /api/admin/applications/review-tasks/:id/release': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      // The caller has the review (whatever their role): its holder may always give it back.
      const task = await openReviewTask(env.ctx.db, await startTestCase(env.ctx, (await activeWorkflow(env, approvalGraph('operator'))).id, env.org));
      await env.ctx.db.query('update review_tasks set claimed_by = $2, claimed_at = now() where id = $1', [task, env.caller.id]);
      return { method: 'POST', url: `/api/admin/applications/review-tasks/${task}/release` };
    },
    check: (res) => expect(res.json()).toMatchObject({ claimed_by: null }),
  },
  'PUT /api/admin/applications/review-tasks/:id/assignee': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env, approvalGraph(reviewerRoleOf(env)))).id, env.org);
      return {
        method: 'PUT',
        url: `/api/admin/applications/review-tasks/${await openReviewTask(env.ctx.db, id)}/assignee`,
        payload: { user_id: env.caller.id },
      };
    },
    check: (res, env) => expect(res.json()).toMatchObject({ claimed_by: env.caller.id, assigned_by_email: env.caller.email }),
  },
  'GET /api/admin/applications/:id/notes': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
      await env.ctx.db.query(`insert into case_notes (organization_id, application_id, author_email, body) values ($1, $2, 'a@b.example', 'Checked the ID')`, [
        env.org,
        id,
      ]);
      return { method: 'GET', url: `/api/admin/applications/${id}/notes` };
    },
    check: (res) => expect(res.json().items.map((n: { body: string }) => n.body)).toEqual(['Checked the ID']),
  },
  'POST /api/admin/applications/:id/notes': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: `/api/admin/applications/${await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org)}/notes`,
      payload: { body: 'Called the applicant' },
    }),
    check: (res, env) => expect(res.json()).toMatchObject({ body: 'Called the applicant', author_id: env.caller.id }),
  },
  'PUT /api/admin/applications/:id/notes/:note_id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      // The caller's own note, just written: its author may change it.
      const id = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
      const note = await env.ctx.db.query<{ id: string }>(
        `insert into case_notes (organization_id, application_id, author_id, author_email, body) values ($1, $2, $3, $4, 'Draft') returning id`,
        [env.org, id, env.caller.id, env.caller.email],
      );
      return { method: 'PUT', url: `/api/admin/applications/${id}/notes/${note.rows[0]!.id}`, payload: { body: 'Final' } };
    },
    check: (res) => expect(res.json()).toMatchObject({ body: 'Final', edited_at: expect.any(String) }),
  },
  'POST /api/admin/applications/:id/notes/:note_id/redact': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
      const note = await env.ctx.db.query<{ id: string }>(
        `insert into case_notes (organization_id, application_id, author_email, body) values ($1, $2, 'a@b.example', 'Secret') returning id`,
        [env.org, id],
      );
      return { method: 'POST', url: `/api/admin/applications/${id}/notes/${note.rows[0]!.id}/redact` };
    },
    check: (res, env) => expect(res.json()).toMatchObject({ body: '', redacted_by_email: env.caller.email }),
  },
  'POST /api/admin/applications/:id/notes/:note_id/files': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => {
      // The caller's own note, just written: its author may attach a file.
      const id = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
      const note = await env.ctx.db.query<{ id: string }>(
        `insert into case_notes (organization_id, application_id, author_id, author_email, body) values ($1, $2, $3, $4, 'See the letter') returning id`,
        [env.org, id, env.caller.id, env.caller.email],
      );
      const form = multipartForm({}, { name: 'letter.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4') });
      return { method: 'POST', url: `/api/admin/applications/${id}/notes/${note.rows[0]!.id}/files`, payload: form.payload, headers: form.headers };
    },
    check: (res) => expect(res.json().files).toMatchObject([{ file_name: 'letter.pdf', size_bytes: 8 }]),
  },
  'DELETE /api/admin/applications/:id/notes/:note_id/files/:file_id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const { id, noteId, fileId } = await noteWithFile(env, env.caller);
      return { method: 'DELETE', url: `/api/admin/applications/${id}/notes/${noteId}/files/${fileId}` };
    },
    check: (res) => expect(res.json().files).toEqual([]),
  },
  'GET /api/admin/applications/:id/notes/:note_id/files/:file_id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const { id, noteId, fileId } = await noteWithFile(env, null);
      return { method: 'GET', url: `/api/admin/applications/${id}/notes/${noteId}/files/${fileId}` };
    },
    check: (res) => {
      expect(res.body).toBe('%PDF-1.4');
      expect(res.headers['content-type']).toBe('application/octet-stream');
    },
  },
  'GET /api/admin/applications/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/applications/${await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org)}` }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, status: 'waiting', waiting_for: 'form' }),
  },
  'GET /api/admin/applications/:id/files/:file_id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
      const file = await env.ctx.db.query<{ id: string }>(
        `insert into application_files (organization_id, application_id, step_id, field_key, file_name, content_type, size_bytes, sha256, content)
         values ($1, $2, gen_random_uuid(), 'id_card', 'card.txt', 'text/plain', 5, 'x', $3) returning id`,
        [env.org, id, new TextEncoder().encode('hello')],
      );
      return { method: 'GET', url: `/api/admin/applications/${id}/files/${file.rows[0]!.id}` };
    },
    check: (res) => {
      expect(res.body).toBe('hello');
      expect(res.headers['content-disposition']).toBe('attachment; filename="card.txt"');
    },
  },
  'DELETE /api/admin/applications/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      lastCase = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
      return { method: 'DELETE', url: `/api/admin/applications/${lastCase}` };
    },
    check: async (res, env) => {
      const left = await env.ctx.db.query('select 1 from applications where id = $1', [lastCase]);
      expect(left.rows).toEqual([]);
    },
  },
  'POST /api/admin/applications/:id/retry': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => {
      const id = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
      await env.ctx.db.query(`update applications set status = 'failed', error = 'Failed for the test', completed_at = now() where id = $1`, [id]);
      return { method: 'POST', url: `/api/admin/applications/${id}/retry` };
    },
    check: (res) => expect(res.json()).toMatchObject({ status: 'running', error: null }),
  },
  'POST /api/admin/applications/:id/cancel': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/applications/${await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org)}/cancel` }),
    check: (res) => expect(res.json()).toMatchObject({ status: 'cancelled' }),
  },

  'GET /api/admin/applications/demo-traffic': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/admin/applications/demo-traffic'),
    check: (res) => expect(res.json()).toMatchObject({ enabled: false }),
  },
  'PUT /api/admin/applications/demo-traffic': {
    kind: 'unscoped',
    ok: 200,
    // Switching it off (on would need a listening server: demo-traffic.test.ts).
    build: async () => ({ method: 'PUT', url: '/api/admin/applications/demo-traffic', payload: { enabled: false } }),
    check: (res) => expect(res.json()).toMatchObject({ enabled: false }),
  },

  // System settings and branding (issue 17).
  'GET /api/admin/system/settings': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/admin/system/settings'),
    check: (res) => expect(res.json().settings).toMatchObject({ password_min_length: expect.any(Number) }),
  },
  'PUT /api/admin/system/settings': {
    kind: 'unscoped',
    ok: 200,
    // The value it already has: allowed callers change nothing the other samples rely on.
    build: async () => ({ method: 'PUT', url: '/api/admin/system/settings', payload: { lockout_minutes: 15 } }),
    check: (res) => expect(res.json().settings.lockout_minutes).toBe(15),
  },
  'GET /api/system/branding': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/system/branding'),
    check: (res) => expect(res.json()).toMatchObject({ product_name: expect.any(String) }),
  },
  'GET /api/system/branding/logo/:id': {
    kind: 'unscoped',
    ok: 200,
    // One logo per organization (the key is unique there), made by the first sample that needs it.
    build: async (env) => {
      const id = (logos[env.org] ??= (await createTestConfigFile(env.ctx.db, env.org, { key: 'branding.logo' })).id);
      return { method: 'GET', url: `/api/system/branding/logo/${id}` };
    },
    check: (res) => {
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  },

  // System Configuration (issue 17): an organization's entries are its administrators'.
  'GET /api/admin/system-config': {
    kind: 'list',
    ok: 200,
    build: async (env) => {
      await createTestConfig(env.ctx.db, env.fx.orgB.id, { key: 'matrix.other-org' }).catch(() => undefined);
      return { method: 'GET', url: `/api/admin/system-config?limit=200&organization_id=${env.scope === 'own' ? env.fx.orgA.id : env.fx.orgB.id}` };
    },
    check: (res, env) => {
      const items = res.json().items as { organization_id: string | null }[];
      if (env.role !== 'super_admin') expect(items.every((i) => i.organization_id === null || i.organization_id === env.fx.orgA.id)).toBe(true);
      if (env.role === 'super_admin' && env.scope === 'other') expect(items.length).toBeGreaterThan(0);
    },
  },
  'POST /api/admin/system-config': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/admin/system-config',
      payload: { key: unique('matrix.create'), value_type: 'string', value: 'x', organization_id: env.org },
    }),
    check: (res, env) => expect(res.json()).toMatchObject({ organization_id: env.org, value: 'x' }),
  },
  'GET /api/admin/system-config/stats': {
    kind: 'unscoped',
    ok: 200,
    build: GET('/api/admin/system-config/stats'),
    check: (res) => expect(res.json()).toMatchObject({ total: expect.any(Number), upload_limit_bytes: expect.any(Number) }),
  },
  'GET /api/admin/system-config/by-key/:key': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const { key } = await createTestConfig(env.ctx.db, null, { key: unique('matrix.global'), value: 'everywhere' });
      return { method: 'GET', url: `/api/admin/system-config/by-key/${key}` };
    },
    check: (res) => expect(res.json()).toMatchObject({ resolved_from: 'global', entry: { value: 'everywhere' } }),
  },
  'POST /api/admin/system-config/upload-binary': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => {
      const form = multipartForm(
        { key: unique('matrix.upload'), organization_id: env.org },
        { name: 'notes.txt', type: 'text/plain', content: Buffer.from('hello') },
      );
      return { method: 'POST', url: '/api/admin/system-config/upload-binary', payload: form.payload, headers: form.headers };
    },
    check: (res) => expect(res.json().file).toMatchObject({ size_bytes: 5, content_type: 'text/plain' }),
  },
  'GET /api/admin/system-config/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/system-config/${(await createTestConfig(env.ctx.db, env.org)).id}` }),
    check: (res, env) => expect(res.json().organization_id).toBe(env.org),
  },
  'GET /api/admin/system-config/:id/file': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/system-config/${(await createTestConfigFile(env.ctx.db, env.org)).id}/file` }),
    check: (res) => expect(res.headers['content-disposition']).toMatch(/^attachment/),
  },
  'PUT /api/admin/system-config/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({
      method: 'PUT',
      url: `/api/admin/system-config/${(await createTestConfig(env.ctx.db, env.org)).id}`,
      payload: { value: 'changed' },
    }),
    check: (res) => expect(res.json().value).toBe('changed'),
  },
  'DELETE /api/admin/system-config/:id': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'DELETE', url: `/api/admin/system-config/${(await createTestConfig(env.ctx.db, env.org)).id}` }),
  },
  'POST /api/admin/system-config/:id/toggle': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/system-config/${(await createTestConfig(env.ctx.db, env.org)).id}/toggle` }),
    check: (res) => expect(res.json().is_enabled).toBe(false),
  },

  // The public intake API: the caller is an API key of the organization under test, whatever the role.
  'POST /api/public/v1/applications': {
    kind: 'unscoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: '/api/public/v1/applications',
      payload: { workflow_id: (await activeWorkflow(env)).id, applicant: { name: 'From The API' } },
      token: (await createTestApiKey(env.ctx.db, env.org)).key,
    }),
    check: (res) => expect(res.json()).toMatchObject({ status: 'pending' }),
  },
  'GET /api/public/v1/applications/:id': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => ({
      method: 'GET',
      url: `/api/public/v1/applications/${await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org)}`,
      token: (await createTestApiKey(env.ctx.db, env.org)).key,
    }),
    check: (res) => expect(res.json()).toMatchObject({ status: 'waiting', waiting_for: 'form' }),
  },
  'POST /api/public/v1/applications/:id/forms/:step_id': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const wf = await activeWorkflow(env);
      const id = await startTestCase(env.ctx, wf.id, env.org);
      return {
        method: 'POST',
        url: `/api/public/v1/applications/${id}/forms/${wf.steps.details}`,
        payload: { full_name: 'Ada' },
        token: (await createTestApiKey(env.ctx.db, env.org)).key,
      };
    },
    check: (res) => expect(res.json()).toMatchObject({ current_step: { type: 'approval' } }),
  },

  // The applicant's pages: a start link or a case link, whoever else the caller is.
  'GET /api/apply/start/:link': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/apply/start/${await startLinkIn(env)}` }),
    check: (res) => expect(res.json()).toMatchObject({ start: 'open' }),
  },
  'POST /api/apply/start/:link': {
    kind: 'unscoped',
    ok: 201,
    build: async (env) => ({
      method: 'POST',
      url: `/api/apply/start/${await startLinkIn(env)}`,
      payload: { name: 'Applicant', email: `${unique('applicant')}@example.com` },
      remoteAddress: `198.51.100.${++seq % 250}`,
    }),
    check: (res) => expect(res.json().url).toContain('/apply/c/'),
  },
  'GET /api/apply/case': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: '/api/apply/case', token: (await caseLinkIn(env)).token }),
    check: (res) => expect(res.json()).toMatchObject({ state: 'form' }),
  },
  'PUT /api/apply/case/draft': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const { token, stepId } = await caseLinkIn(env);
      return { method: 'PUT', url: '/api/apply/case/draft', token, payload: { step_id: stepId, answers: { full_name: 'Ada' } } };
    },
  },
  'POST /api/apply/case/forms/:step_id': {
    kind: 'unscoped',
    ok: 200,
    build: async (env) => {
      const { token, stepId } = await caseLinkIn(env);
      return { method: 'POST', url: `/api/apply/case/forms/${stepId}`, token, payload: { full_name: 'Ada' } };
    },
    check: (res) => expect(res.json()).toMatchObject({ state: 'review' }),
  },
  'GET /api/admin/applications/:id/applicant-links': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/applications/${(await caseLinkIn(env)).id}/applicant-links` }),
    check: (res) => expect(res.json().links).toHaveLength(1),
  },
  'POST /api/admin/applications/:id/applicant-links': {
    kind: 'scoped',
    ok: 201,
    build: async (env) => ({ method: 'POST', url: `/api/admin/applications/${(await caseLinkIn(env)).id}/applicant-links` }),
    check: (res) => expect(res.json().url).toContain('/apply/c/'),
  },
  'POST /api/admin/applications/:id/applicant-links/send': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/applications/${(await caseLinkIn(env, unique('mail'))).id}/applicant-links/send` }),
    check: (res) => expect(res.json().message).toMatch(/^A new link is on its way to /),
  },
  'POST /api/admin/applications/:id/applicant-links/revoke': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'POST', url: `/api/admin/applications/${(await caseLinkIn(env)).id}/applicant-links/revoke` }),
    check: (res) => expect(res.json()).toEqual({ success: true, message: '1 link revoked' }),
  },
  'GET /api/admin/workflows/:id/start-link': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'GET', url: `/api/admin/workflows/${(await activeWorkflow(env)).id}/start-link` }),
    check: (res) => expect(res.json()).toEqual({ url: null }),
  },
  'PUT /api/admin/workflows/:id/start-link': {
    kind: 'scoped',
    ok: 200,
    build: async (env) => ({ method: 'PUT', url: `/api/admin/workflows/${(await activeWorkflow(env)).id}/start-link`, payload: { enabled: true } }),
    check: (res) => expect(res.json().url).toContain('/apply/'),
  },
};

/** An active workflow of the organization under test with its start link on; answers the link. */
async function startLinkIn(env: Env): Promise<string> {
  const link = unique('start').replace(/[^A-Za-z0-9_-]/g, '');
  await env.ctx.db.query('update workflows set apply_link = $2 where id = $1', [(await activeWorkflow(env)).id, link]);
  return link;
}

/** A case of the organization under test waiting for its form, with a case link (by the intake API). */
async function caseLinkIn(env: Env, email?: string): Promise<{ id: string; token: string; stepId: string }> {
  const wf = await activeWorkflow(env);
  const res = await env.ctx.app.inject({
    method: 'POST',
    url: '/api/public/v1/applications',
    headers: { authorization: `Bearer ${(await createTestApiKey(env.ctx.db, env.org)).key}` },
    payload: { workflow_id: wf.id, applicant: { name: 'Applicant', ...(email ? { email: `${email}@example.com` } : {}) } },
  });
  const id = res.json().id as string;
  await waitForCase(env.ctx.db, id, (c) => c.waiting_for === 'form');
  return { id, token: (res.json().applicant_url as string).split('/apply/c/')[1]!, stepId: wf.steps.details! };
}

/** An active workflow in the organization under test (the sample graph: a form, then an approval). */
/** A staff notification addressed to the caller by name, in the caller's organization; answers its id. */
async function addressNotification(env: Env): Promise<string> {
  const res = await env.ctx.db.query<{ id: string }>(
    `insert into staff_notifications (organization_id, recipient_user_id, title, body) values ($1, $2, 'For you', 'Look at this') returning id`,
    [env.caller.organizationId, env.caller.id],
  );
  return res.rows[0]!.id;
}

/** A case with a note (the caller's, just written, or a colleague's) carrying one file. */
async function noteWithFile(env: Env, author: TestUser | null): Promise<{ id: string; noteId: string; fileId: string }> {
  const id = await startTestCase(env.ctx, (await activeWorkflow(env)).id, env.org);
  const note = await env.ctx.db.query<{ id: string }>(
    `insert into case_notes (organization_id, application_id, author_id, author_email, body) values ($1, $2, $3, $4, 'See the letter') returning id`,
    [env.org, id, author?.id ?? null, author?.email ?? 'a@b.example'],
  );
  const noteId = note.rows[0]!.id;
  const file = await env.ctx.db.query<{ id: string }>(
    `insert into case_note_files (organization_id, application_id, note_id, file_name, content_type, size_bytes, sha256, content)
     values ($1, $2, $3, 'letter.pdf', 'application/pdf', 8, 'x', $4) returning id`,
    [env.org, id, noteId, Buffer.from('%PDF-1.4')],
  );
  return { id, noteId, fileId: file.rows[0]!.id };
}

function activeWorkflow(env: Env, graph = sampleGraph()) {
  return createTestWorkflow(env.ctx.db, env.org, { status: 'active', graph });
}

/** Whether the rule alone lets the role through (the target is never the caller here). */
function ruleAllows(rule: Rule, role: Role): boolean {
  const held = new Set<string>(effectivePermissions(role, []));
  switch (rule.access) {
    case 'public':
    case 'authenticated':
      return true;
    case 'super_admin':
      return role === 'super_admin';
    case 'role':
      return rule.anyOf.includes(role);
    case 'permission':
      return rule.anyOf.some((p) => held.has(p)) && (!rule.roles || rule.roles.includes(role));
    case 'self_or_permission':
      return rule.anyOf.some((p) => held.has(p));
    case 'operator':
      return false;
  }
}

type Outcome = 'allow' | 'deny-rule' | 'deny-org';

function expectedOutcome(rule: Rule, sample: Sample, role: Role, scope: Scope): Outcome {
  if (!ruleAllows(rule, role)) return 'deny-rule';
  if (sample.kind === 'scoped' && scope === 'other' && role !== 'super_admin') return 'deny-org';
  return 'allow';
}

const POLICY_KEYS = Object.keys(POLICY);

function splitKey(key: string): { method: string; path: string } {
  const [method, path] = key.split(' ') as [string, string];
  return { method, path };
}

async function auditCount(ctx: TestContext): Promise<number> {
  const res = await ctx.db.query<{ n: number }>('select count(*)::int as n from audit_logs');
  return res.rows[0]!.n;
}

describe('policy matrix: every route × role × organization', () => {
  let ctx: TestContext;
  let mailbox: Mailbox;
  let fx: Fixture;

  beforeAll(async () => {
    // Self-registration needs e-mail: a real SMTP server takes what the register sample sends.
    mailbox = await startMailbox();
    ctx = await createTestContext({ smtpUrl: mailbox.url, toolAllowedHosts: ['127.0.0.1'] });
    idp = await startIdentityProvider(ssoRedirectUri(ctx.config.publicUrl));
    const suffix = Math.random().toString(36).slice(2, 8);
    const domains = { own: `a-${suffix}.example`, other: `b-${suffix}.example` };
    const orgA = await ctx.createOrg(`Matrix A ${suffix}`, { allow_registration: true, allowed_email_domains: [domains.own] });
    const orgB = await ctx.createOrg(`Matrix B ${suffix}`, { allow_registration: true, allowed_email_domains: [domains.other] });
    const callers = {} as Record<Role, TestUser>;
    for (const role of ROLES) callers[role] = await ctx.createUser(role, orgA.id);
    // Another super admin in B, so organization B is not just a shell.
    await ctx.createUser('super_admin', orgB.id);
    const targets = { own: await ctx.createUser('viewer', orgA.id), other: await ctx.createUser('viewer', orgB.id) };
    fx = { orgA, orgB, callers, targets, domains };
    for (const role of ROLES) await ctx.headers(callers[role]);
  });
  afterAll(async () => {
    await ctx?.close();
    await mailbox?.close();
    await idp?.close();
  });

  it('has a sample for every route in the policy table (add one when you add a route)', () => {
    const missing = POLICY_KEYS.filter((key) => !SAMPLES[key]);
    expect(missing, `routes in POLICY without a sample in policy.matrix.test.ts`).toEqual([]);
    const stale = Object.keys(SAMPLES).filter((key) => !POLICY[key]);
    expect(stale, 'samples for routes no longer in POLICY').toEqual([]);
  });

  it('covers all seven roles', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'analyst', 'compliance_officer', 'manager', 'operator', 'super_admin', 'viewer']);
  });

  const cases = POLICY_KEYS.flatMap((key) => ROLES.flatMap((role) => (['own', 'other'] as const).map((scope) => ({ key, role, scope }))));

  it.each(cases)('$key as $role on $scope organization', async ({ key, role, scope }) => {
    const sample = SAMPLES[key];
    if (!sample) throw new Error(`No sample for ${key}: add one to SAMPLES in policy.matrix.test.ts`);
    const rule = POLICY[key]!;
    const env: Env = { ctx, fx, role, scope, org: scope === 'own' ? fx.orgA.id : fx.orgB.id, caller: fx.callers[role] };
    const req = await sample.build(env);
    const { method } = splitKey(key);
    expect(req.method).toBe(method);

    const caller = req.as ?? env.caller;
    const authorization = req.token ? `Bearer ${req.token}` : (await ctx.headers(caller)).authorization!;
    const auditBefore = await auditCount(ctx);
    const res = await ctx.app.inject({
      method: req.method,
      url: req.url,
      headers: { authorization, ...req.headers },
      ...(req.payload !== undefined ? { payload: req.payload as InjectOptions['payload'] } : {}),
      ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
    });
    const outcome = expectedOutcome(rule, sample, role, scope);
    const why = `${key} as ${role} (${scope}) → ${res.statusCode} ${res.body.slice(0, 300)}`;

    expect(res.statusCode, why).toBeLessThan(500);
    if (outcome === 'allow') {
      expect([401, 403], why).not.toContain(res.statusCode);
      const ok = typeof sample.ok === 'function' ? sample.ok(env) : sample.ok;
      expect(res.statusCode, why).toBe(ok);
      if (res.statusCode < 300) await sample.check?.(res, env, req);
    } else {
      // A refused call is refused before anything is written: no audit row appears.
      expect(res.json().detail, why).toEqual(expect.any(String));
      if (outcome === 'deny-rule') expect(res.statusCode, why).toBe(403);
      else expect([403, 404], why).toContain(res.statusCode);
      expect(await auditCount(ctx), `${why}: a refused call wrote an audit row`).toBe(auditBefore);
    }
  });

  it('lets every role read its own permissions (self_or_permission)', async () => {
    for (const role of ROLES) {
      const user = fx.callers[role];
      const res = await ctx.as(user, { method: 'GET', url: `/api/admin/users/${user.id}/permissions` });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().permissions).toEqual(effectivePermissions(role, []));
    }
  });

  describe('authentication', () => {
    const nonPublic = POLICY_KEYS.filter((key) => POLICY[key]!.access !== 'public');

    it('protects some routes', () => {
      expect(nonPublic.length).toBeGreaterThan(0);
    });

    const garbage: [string, string | undefined][] = [
      ['no token', undefined],
      ['a garbage token', 'Bearer not-a-token'],
      ['a token signed with another key', 'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
      ['an empty bearer', 'Bearer '],
      ['another scheme', `Basic ${Buffer.from('admin:admin').toString('base64')}`],
    ];

    it.each(nonPublic.flatMap((key) => garbage.map(([label, header]) => ({ key, label, header }))))('$key with $label → 401', async ({ key, header }) => {
      const sample = SAMPLES[key];
      if (!sample) throw new Error(`No sample for ${key}`);
      const env: Env = { ctx, fx, role: 'super_admin', scope: 'own', org: fx.orgA.id, caller: fx.callers.super_admin };
      const req = await sample.build(env);
      const auditBefore = await auditCount(ctx);
      const res = await ctx.app.inject({
        method: req.method,
        url: req.url,
        headers: header === undefined ? {} : { authorization: header },
        ...(req.payload !== undefined ? { payload: req.payload as InjectOptions['payload'] } : {}),
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().detail).toEqual(expect.any(String));
      expect(await auditCount(ctx)).toBe(auditBefore);
    });

    it('refuses the token of a signed-out session', async () => {
      const session = await ctx.login(fx.callers.admin.email);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${session.access_token}` },
        payload: {},
      });
      expect(logout.statusCode).toBe(200);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${session.access_token}` } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('X-Organization-Id', () => {
    it('refuses another organization for everyone but a super admin', async () => {
      for (const role of ROLES.filter((r) => r !== 'super_admin')) {
        const user = fx.callers[role];
        const other = await ctx.as(user, { method: 'GET', url: '/api/auth/me', headers: { 'x-organization-id': fx.orgB.id } });
        expect(other.statusCode, role).toBe(403);
        expect(other.json().detail).toEqual(expect.any(String));
        const own = await ctx.as(user, { method: 'GET', url: '/api/auth/me', headers: { 'x-organization-id': fx.orgA.id } });
        expect(own.statusCode, role).toBe(200);
      }
    });

    it('refuses a write into another organization through the header', async () => {
      const auditBefore = await auditCount(ctx);
      const res = await ctx.as(fx.callers.admin, {
        method: 'POST',
        url: '/api/admin/users',
        headers: { 'x-organization-id': fx.orgB.id },
        payload: { email: `${unique('hdr')}@matrix.example`, password: 'Created-Pass-1', first_name: 'H', last_name: 'Dr', role: 'viewer' },
      });
      expect(res.statusCode).toBe(403);
      expect(await auditCount(ctx)).toBe(auditBefore);
    });

    it('scopes a super admin to the organization named', async () => {
      const superAdmin = fx.callers.super_admin;
      for (const [org, target] of [
        [fx.orgB.id, fx.targets.other],
        [fx.orgA.id, fx.targets.own],
      ] as const) {
        const res = await ctx.as(superAdmin, { method: 'GET', url: '/api/admin/users?limit=200', headers: { 'x-organization-id': org } });
        expect(res.statusCode).toBe(200);
        const body = res.json() as { items: { id: string; organization_id: string }[]; total: number };
        expect(body.items.length).toBeGreaterThan(0);
        expect(body.items.every((u) => u.organization_id === org)).toBe(true);
        // The target among them (the organization holds more users than a page: it is looked up by its e-mail).
        const found = await ctx.as(superAdmin, {
          method: 'GET',
          url: `/api/admin/users?limit=200&q=${encodeURIComponent(target.email)}`,
          headers: { 'x-organization-id': org },
        });
        expect((found.json().items as { id: string }[]).map((u) => u.id)).toContain(target.id);
        const count = await ctx.db.query<{ n: number }>('select count(*)::int as n from users where organization_id = $1', [org]);
        expect(body.total).toBe(count.rows[0]!.n);
      }
      const all = await ctx.as(superAdmin, { method: 'GET', url: '/api/admin/users?limit=200' });
      const orgs = new Set((all.json().items as { organization_id: string }[]).map((u) => u.organization_id));
      expect(orgs.has(fx.orgA.id) && orgs.has(fx.orgB.id)).toBe(true);
    });

    it('rejects a malformed organization id with a validation error', async () => {
      const res = await ctx.as(fx.callers.super_admin, { method: 'GET', url: '/api/admin/users', headers: { 'x-organization-id': 'not-a-uuid' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'X-Organization-Id' })]);
    });
  });
});

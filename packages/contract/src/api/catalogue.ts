import { AUTH_ENDPOINTS } from './endpoints/auth.ts';
import { SESSION_ENDPOINTS } from './endpoints/sessions.ts';
import { TWO_FACTOR_ENDPOINTS } from './endpoints/two-factor.ts';
import { PASSKEY_ENDPOINTS } from './endpoints/passkeys.ts';
import { SSO_ENDPOINTS } from './endpoints/single-sign-on.ts';
import { PREFERENCE_ENDPOINTS } from './endpoints/preferences.ts';
import { USER_ENDPOINTS } from './endpoints/users.ts';
import { ORGANIZATION_ENDPOINTS } from './endpoints/organizations.ts';
import { API_KEY_ENDPOINTS } from './endpoints/api-keys.ts';
import { SEARCH_ENDPOINTS } from './endpoints/search.ts';
import { HEALTH_ENDPOINTS } from './endpoints/health.ts';
import { OPERATIONS_ENDPOINTS } from './endpoints/operations.ts';
import { WORKFLOW_ENDPOINTS } from './endpoints/workflows.ts';
import { STEP_ENDPOINTS } from './endpoints/steps.ts';
import { WORKFLOW_TEMPLATE_ENDPOINTS } from './endpoints/workflow-templates.ts';
import { SIMULATION_ENDPOINTS } from './endpoints/simulations.ts';
import { TOOL_ENDPOINTS } from './endpoints/tools.ts';
import { APPLICATION_ENDPOINTS } from './endpoints/applications.ts';
import { CASE_NOTE_ENDPOINTS } from './endpoints/case-notes.ts';
import { APPLICATION_STREAM_ENDPOINTS } from './endpoints/application-stream.ts';
import { INTAKE_ENDPOINTS } from './endpoints/intake.ts';
import { APPLICANT_ENDPOINTS } from './endpoints/applicant.ts';
import { APPLICANT_LINK_ENDPOINTS } from './endpoints/applicant-staff.ts';
import { ANALYTICS_ENDPOINTS } from './endpoints/analytics.ts';
import { AI_ENDPOINTS } from './endpoints/ai.ts';
import { SYSTEM_ENDPOINTS } from './endpoints/system.ts';
import { SYSTEM_CONFIG_ENDPOINTS } from './endpoints/system-config.ts';
import { AUDIT_ENDPOINTS } from './endpoints/audit.ts';
import { DEMO_TRAFFIC_ENDPOINTS } from './endpoints/demo-traffic.ts';
import { WEBHOOK_ENDPOINTS } from './endpoints/webhooks.ts';
import type { EndpointDefinition, RouteKey } from './endpoint.ts';

/**
 * Every endpoint of the API, by operationId (issue 38, ADR 0067). Each domain declares its own in its
 * `endpoints.ts`; this is where they meet. The server registers routes and its policy table from it, the OpenAPI
 * document and the client package come from those routes, and the web app's `call` takes its types from it (types
 * only: no schema reaches a page through it).
 */
export const DOMAINS = [
  AUTH_ENDPOINTS,
  SESSION_ENDPOINTS,
  TWO_FACTOR_ENDPOINTS,
  PASSKEY_ENDPOINTS,
  SSO_ENDPOINTS,
  PREFERENCE_ENDPOINTS,
  USER_ENDPOINTS,
  ORGANIZATION_ENDPOINTS,
  API_KEY_ENDPOINTS,
  WEBHOOK_ENDPOINTS,
  SEARCH_ENDPOINTS,
  HEALTH_ENDPOINTS,
  OPERATIONS_ENDPOINTS,
  WORKFLOW_ENDPOINTS,
  STEP_ENDPOINTS,
  WORKFLOW_TEMPLATE_ENDPOINTS,
  SIMULATION_ENDPOINTS,
  TOOL_ENDPOINTS,
  APPLICATION_ENDPOINTS,
  CASE_NOTE_ENDPOINTS,
  APPLICATION_STREAM_ENDPOINTS,
  INTAKE_ENDPOINTS,
  APPLICANT_ENDPOINTS,
  APPLICANT_LINK_ENDPOINTS,
  ANALYTICS_ENDPOINTS,
  AI_ENDPOINTS,
  SYSTEM_ENDPOINTS,
  SYSTEM_CONFIG_ENDPOINTS,
  AUDIT_ENDPOINTS,
  DEMO_TRAFFIC_ENDPOINTS,
] as const;

type Merge<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends readonly object[]] ? H & Merge<R> : unknown;

export const CATALOGUE = Object.assign({}, ...DOMAINS) as Merge<typeof DOMAINS>;

export type Catalogue = typeof CATALOGUE;
export type OperationId = keyof Catalogue;
export type AnyEndpoint = Catalogue[OperationId];

/** The catalogue by route key (`GET /api/admin/tools/:id`). */
export type EndpointsByRoute = { [K in OperationId as RouteKey<Catalogue[K]>]: Catalogue[K] };
export type Route = keyof EndpointsByRoute;

export const ENDPOINTS: readonly EndpointDefinition[] = Object.values(CATALOGUE);

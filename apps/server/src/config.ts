import path from 'node:path';
import { WEBHOOK_RETRY_DELAYS_MS } from '@admin-portal/contract/webhook-texts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections this process opens to the PostgreSQL server (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  jwtSecret: string | undefined;
  secretKey: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  adminOrgName: string;
  seedDemo: boolean;
  aiBaseUrl: string | undefined;
  aiApiKey: string | undefined;
  aiModel: string | undefined;
  /** How long one call to the OpenAI-compatible model may take before it counts as failed (ms). */
  aiTimeoutMs: number;
  toolAllowedHosts: string[];
  logLevel: string;
  /** Login attempts allowed per client address per minute. */
  loginRateLimit: number;
  webDist: string;
  /** Largest accepted JSON body, in bytes. */
  bodyLimit: number;
  /** SMTP server for notification emails (unset: email steps fail saying so). */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Whether this process runs the application runtime's worker (RUNTIME_WORKER; on by default). */
  runtimeWorker: boolean;
  /** Cases this process's worker moves on at once. */
  runtimeConcurrency: number;
  /** How long a worker's claim on a case holds before another process may take it (renewed while it works). */
  runtimeLeaseMs: number;
  /** First retry's backoff of a failed step, in ms (each further retry doubles it). */
  retryBaseMs: number;
  /** The waits between a webhook delivery's attempts, in ms (the Standard Webhooks schedule; tests shorten it). */
  webhookRetryDelaysMs: readonly number[];
  /** Intake calls per API key per minute (0: no limit), counted in this process. */
  intakeRateLimit: number;
  /** Largest file accepted, in bytes, until the system settings say otherwise (the settings' default). */
  uploadLimit: number;
  /** This server's environment (APP_ENV): which System Configuration entries apply to it. */
  environment: 'development' | 'staging' | 'production';
  /** Bearer token `GET /api/metrics` asks for (METRICS_TOKEN); unset: only callers on this host (loopback) may scrape. */
  metricsToken: string | undefined;
  /**
   * The address people and clients reach the portal at (PUBLIC_URL, no trailing slash): links in e-mails, the MCP
   * endpoint's address. Never taken from a request's Host header. Default `http://localhost:<PORT>`.
   */
  publicUrl: string;
  /** Behind a reverse proxy (TRUST_PROXY): the client's address comes from X-Forwarded-For (rate limits, audit log). */
  trustProxy: boolean;
}

const ENVIRONMENTS = ['development', 'staging', 'production'] as const;

function environment(value: string | undefined): Config['environment'] {
  if (value === undefined || value === '') return 'production';
  const found = ENVIRONMENTS.find((e) => e === value.toLowerCase());
  if (!found) throw new Error(`APP_ENV must be one of ${ENVIRONMENTS.join(', ')}, got "${value}"`);
  return found;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function publicUrl(value: string | undefined, port: number): string {
  if (value === undefined || value === '') return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http(s) URL, got "${value}"`);
  if (url.search || url.hash || url.username || url.password) throw new Error(`PUBLIC_URL must have no query, fragment or credentials, got "${value}"`);
  return url.toString().replace(/\/+$/, '');
}

/** Reads the environment once (DESIGN §8). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = int('PORT', env.PORT, 8080);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    databasePoolSize: Math.max(2, int('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 20)),
    jwtSecret: env.JWT_SECRET || undefined,
    secretKey: env.SECRET_KEY || undefined,
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.com').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminOrgName: env.ADMIN_ORG_NAME || 'Headquarters',
    seedDemo: flag(env.SEED_DEMO, databaseUrl === undefined),
    aiBaseUrl: env.AI_BASE_URL || undefined,
    aiApiKey: env.AI_API_KEY || undefined,
    aiModel: env.AI_MODEL || undefined,
    aiTimeoutMs: Math.max(1_000, int('AI_TIMEOUT_MS', env.AI_TIMEOUT_MS, 30_000)),
    toolAllowedHosts: (env.TOOL_ALLOWED_HOSTS || '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    loginRateLimit: int('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30),
    webDist: path.resolve(env.WEB_DIST || new URL('../../web/dist', import.meta.url).pathname),
    bodyLimit: int('BODY_LIMIT', env.BODY_LIMIT, 1024 * 1024),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || 'Admin Portal <no-reply@localhost>',
    runtimeWorker: flag(env.RUNTIME_WORKER, true),
    runtimeConcurrency: Math.max(1, int('RUNTIME_CONCURRENCY', env.RUNTIME_CONCURRENCY, 8)),
    runtimeLeaseMs: Math.max(1_000, int('RUNTIME_LEASE_MS', env.RUNTIME_LEASE_MS, 60_000)),
    retryBaseMs: int('RUNTIME_RETRY_BASE_MS', env.RUNTIME_RETRY_BASE_MS, 2_000),
    webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    intakeRateLimit: int('INTAKE_RATE_LIMIT', env.INTAKE_RATE_LIMIT, 600),
    uploadLimit: int('UPLOAD_LIMIT', env.UPLOAD_LIMIT, 10 * 1024 * 1024),
    environment: environment(env.APP_ENV),
    metricsToken: env.METRICS_TOKEN || undefined,
    publicUrl: publicUrl(env.PUBLIC_URL, port),
    trustProxy: flag(env.TRUST_PROXY, false),
  };
}

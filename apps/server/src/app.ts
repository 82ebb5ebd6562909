import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Secrets } from './http/context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerInputRule } from './http/input-rule.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerWeb } from './http/web.ts';
import { requestIdOf } from './http/request-id.ts';
import { registerSecurityHeaders, securityHeadersWithoutHooks } from './http/security-headers.ts';
import { registerAuthHook } from './modules/auth/auth.hook.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { preferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { sessionRoutes } from './modules/sessions/sessions.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { passkeyRoutes } from './modules/passkeys/passkeys.routes.ts';
import { ssoRoutes } from './modules/single-sign-on/sso.routes.ts';
import { stepRoutes } from './modules/steps/steps.routes.ts';
import { workflowTemplateRoutes } from './modules/workflow-templates/workflow-templates.routes.ts';
import { workflowRoutes } from './modules/workflows/workflows.routes.ts';
import { simulationJobHandler, SIMULATION_JOB } from './modules/simulations/simulation-job.ts';
import { simulationRoutes } from './modules/simulations/simulations.routes.ts';
import { toolRoutes } from './modules/tools/tools.routes.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { WebhookSender } from './modules/webhooks/webhook-sender.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { mcpRoutes } from './modules/mcp/mcp.routes.ts';
import { applicationRoutes } from './modules/applications/applications.routes.ts';
import { caseNoteFileRoutes } from './modules/applications/case-note-files.routes.ts';
import { publicApplicationRoutes } from './modules/applications/public.routes.ts';
import { applicantRoutes } from './modules/applicant/applicant.routes.ts';
import { applyPageFraming } from './modules/applicant/applicant-case.ts';
import { APPLICANT_LINK_JOB, applicantLinkEmailJobHandler } from './modules/applicant-links/applicant-link-emails.ts';
import { applicantLinksPort } from './modules/applicant-links/applicant-links.ts';
import { applicantStaffRoutes } from './modules/applicant/applicant-staff.routes.ts';
import { applicationStreamRoutes } from './modules/applications/stream.routes.ts';
import { demoTrafficRoutes } from './modules/setup/demo-traffic.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAiProviders } from './ai/ai-providers.ts';
import { AI_GENERATE_JOB, generatorJobHandler } from './modules/ai/ai-generator.service.ts';
import { PRODUCT_FACTS } from './modules/ai/product-facts.ts';
import { ACCOUNT_EMAIL_JOB, accountEmailJobHandler } from './modules/accounts/account-emails.ts';
import { createMailer, createRuntime, SYSTEM_CLOCK, withRequestId, type Runtime } from './engine/commands.ts';
import { RollupScheduler } from './modules/analytics/rollup-scheduler.ts';
import { SettingsStore } from './modules/system/settings.store.ts';
import { EffectiveConfigCache } from './modules/system-config/effective-config.ts';
import { ChangeNotices } from './db/change-notices.ts';
import { RetentionScheduler } from './modules/system/retention.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { systemConfigRoutes } from './modules/system-config/config.routes.ts';
import { registerRequestMetrics } from './modules/metrics/metrics.registry.ts';
import { createStepMetrics } from './modules/metrics/step-metrics.ts';
import { createWebhookPoster } from './modules/tool-runtime/webhook-poster.ts';
import { createWorkflowToolRunner } from './modules/tools/workflow-tool-runner.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import type { AssistantProvider } from './ai/assistant.ts';
import type { DraftGenerator } from './ai/generators/draft-generator.ts';

// What buildApp decorates the app with beyond the HTTP layer's own (http/context.ts): declared here, where it is
// provided, so the HTTP layer names nothing of the engine or the AI.
declare module 'fastify' {
  interface FastifyInstance {
    /** The application runtime of this process (its worker runs when RUNTIME_WORKER is on). */
    runtime: Runtime;
    /** The AI assistant's provider (built-in, or a configured OpenAI-compatible model). */
    assistant: AssistantProvider;
    /** Who drafts workflows and tools for the AI generators. */
    generator: DraftGenerator;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  secrets: Secrets;
  /** false silences request logs (tests); a pino options object otherwise. */
  logger?: boolean | Record<string, unknown>;
}

/** What a request's log lines say of it: Fastify's own fields, with a case link's token cut from the address. */
export function requestLogLine(request: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: request.url.replace(/\/apply\/c\/[^/?#]+/g, '/apply/c/[link]'),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Builds the HTTP application around an open, migrated database. Used by main.ts and by tests. */
export async function buildApp({ config, db, secrets, logger }: AppDeps): Promise<FastifyInstance> {
  const headersWithoutHooks = securityHeadersWithoutHooks(config);
  const app = Fastify({
    // A case link's token is in its page's address (/apply/c/<token>): request lines log the address without it.
    logger: logger ?? { level: config.logLevel, serializers: { req: requestLogLine } },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // The caller's X-Request-Id only when it is a plain token; anything else gets a generated id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // Errors the router raises before any route runs (bad percent-encoding, an over-long path parameter) in the API's error shape.
    frameworkErrors: (error, request, reply) => {
      headersWithoutHooks(request, reply as FastifyReply);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return (reply as FastifyReply).status(status).send({ detail: status < 500 ? `Malformed request URL (${error.code})` : SERVER_MESSAGES.internalError });
    },
  });
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('secrets', secrets);
  // Caches of what every request reads, kept correct across processes by change notices (LISTEN/NOTIFY).
  const changes = new ChangeNotices(db);
  await changes.start();
  app.decorate('changes', changes);
  app.addHook('onClose', () => changes.stop());
  const settings = new SettingsStore(db, config);
  changes.on('settings', () => settings.invalidate());
  await settings.load();
  app.decorate('settings', settings);
  const effectiveConfig = new EffectiveConfigCache(db);
  changes.on('config', () => effectiveConfig.invalidate());
  app.decorate('effectiveConfig', effectiveConfig);
  // The AI provider is chosen once, for the assistant, the generators and the workflows' `ai` steps.
  const ai = createAiProviders(config, PRODUCT_FACTS);
  const stepMetrics = createStepMetrics();
  const mailer = createMailer(config.smtpUrl, config.smtpFrom);
  // The engine with its ports to the outside world (docs/decisions/0053).
  const runtime = createRuntime({
    db,
    secretKey: secrets.secretKey,
    retryBaseMs: config.retryBaseMs,
    logger: app.log,
    worker: { enabled: config.runtimeWorker, concurrency: config.runtimeConcurrency, leaseMs: config.runtimeLeaseMs },
    ports: {
      tools: createWorkflowToolRunner({ db, secretKey: secrets.secretKey, allowedHosts: config.toolAllowedHosts }),
      webhooks: createWebhookPoster({ allowedHosts: config.toolAllowedHosts }),
      mailer,
      applicantLinks: applicantLinksPort(config.publicUrl),
      ai: ai.steps,
      metrics: stepMetrics,
      clock: SYSTEM_CLOCK,
    },
  });
  app.decorate('runtime', runtime);
  app.decorate('assistant', ai.assistant);
  app.decorate('generator', ai.generator);
  runtime.handle(AI_GENERATE_JOB, generatorJobHandler(db, ai.generator));
  runtime.handle(SIMULATION_JOB, simulationJobHandler(db, { ai: ai.steps, secretKey: secrets.secretKey, tools: runtime.deps.tools }));
  runtime.handle(ACCOUNT_EMAIL_JOB, accountEmailJobHandler({ db, config, mailer, settings, logger: app.log }));
  runtime.handle(
    APPLICANT_LINK_JOB,
    applicantLinkEmailJobHandler({
      db,
      config,
      mailer,
      productName: async (organizationId) =>
        effectiveConfig.text('branding.product_name', organizationId, config.environment, (await settings.get()).product_name),
      logger: app.log,
    }),
  );
  // The worker starts once the app is ready and stops (finishing the cases in hand) when it closes.
  app.addHook('onReady', () => runtime.start());
  // Steps in progress get 7 s to finish (main.ts gives the whole shutdown 10 s); the rest go back to the queue at once.
  app.addHook('onClose', () => runtime.stop(7_000));
  // Where the runtime works, the analytics rollups are kept current too.
  if (config.runtimeWorker) {
    const rollups = new RollupScheduler(db, app.log);
    app.addHook('onReady', () => rollups.start());
    app.addHook('onClose', () => rollups.stop());
    // Webhook deliveries are sent where the runtime works (several processes share them, like jobs).
    const webhooks = new WebhookSender(db, {
      secretKey: secrets.secretKey,
      allowedHosts: config.toolAllowedHosts,
      retryDelaysMs: config.webhookRetryDelaysMs,
      logger: app.log,
    });
    app.addHook('onReady', () => webhooks.start());
    app.addHook('onClose', () => webhooks.stop());
    const retention = new RetentionScheduler(db, settings, app.log);
    app.addHook('onReady', async () => retention.start());
    app.addHook('onClose', () => retention.stop());
  }
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Jobs a request queues carry its id, so the worker's lines for them can be found from the request's.
  app.addHook('preHandler', (request, _reply, done) => withRequestId(request.id, done));
  registerRequestMetrics(app, stepMetrics);

  // Before the hooks that may refuse a request, so that every answer (errors and 404s included) carries them.
  await registerSecurityHeaders(app, config);
  registerErrorHandler(app);
  registerAuthHook(app);
  registerInputRule(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(sessionRoutes);
  await app.register(twoFactorRoutes);
  await app.register(passkeyRoutes);
  await app.register(ssoRoutes);
  await app.register(organizationRoutes);
  await app.register(preferencesRoutes);
  await app.register(searchRoutes);
  await app.register(workflowRoutes);
  await app.register(simulationRoutes);
  await app.register(stepRoutes);
  await app.register(workflowTemplateRoutes);
  await app.register(toolRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(mcpRoutes);
  await app.register(applicationRoutes);
  await app.register(caseNoteFileRoutes);
  await app.register(applicationStreamRoutes);
  await app.register(demoTrafficRoutes);
  await app.register(analyticsRoutes);
  await app.register(aiRoutes);
  await app.register(systemRoutes);
  await app.register(systemConfigRoutes);
  await app.register(auditRoutes);
  await app.register(publicApplicationRoutes);
  await app.register(applicantRoutes);
  await app.register(applicantStaffRoutes);
  await app.register(metricsRoutes);

  await registerWeb(app, config.webDist, { applyPageFraming: (path) => applyPageFraming(app, path) });
  return app;
}

import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Secrets } from './http/context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerWeb } from './http/web.ts';
import { registerAuthHook } from './modules/auth/auth.hook.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  secrets: Secrets;
  /** false silences request logs (tests); a pino options object otherwise. */
  logger?: boolean | Record<string, unknown>;
}

/** Builds the HTTP application around an open, migrated database. Used by main.ts and by tests. */
export async function buildApp({ config, db, secrets, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: process.env.TRUST_PROXY === 'true',
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('secrets', secrets);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  registerAuthHook(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(organizationRoutes);

  await registerWeb(app, config.webDist);
  return app;
}

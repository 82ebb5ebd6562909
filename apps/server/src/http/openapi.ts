import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { POLICY, policyKey } from './policy.ts';

/** OpenAPI 3.1 generated from the routes' zod schemas, served at /api/openapi.json with a docs UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Admin Portal API', version: '1.0.0', description: 'Operations console API for configurable customer-onboarding workflows.' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'http', scheme: 'bearer', description: 'An organization API key (apk_…) with the intake scope; X-API-Key works too' },
          caseLink: {
            type: 'http',
            scheme: 'bearer',
            description: "A case link's token (the last part of /apply/c/<token>), for that case's applicant pages only",
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    // Routes the policy table makes public need no token: say so instead of inheriting the global bearer requirement.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const methods = [input.route.method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
      const isPublic = methods.every((m) => POLICY[policyKey(m, input.url)]?.access === 'public');
      // A public route that names its own scheme (the intake API's API key) keeps it.
      const ownSecurity = (input.schema as { security?: unknown } | undefined)?.security;
      const secured = isPublic && !ownSecurity ? { ...out, schema: { ...out.schema, security: [] } } : out;
      // A route that takes more than BODY_LIMIT (a whole workflow graph) says how much.
      const bodyLimit = input.route.bodyLimit;
      return bodyLimit === undefined ? secured : { ...secured, schema: { ...secured.schema, 'x-body-limit': bodyLimit } };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // BaseLayout: the operations without Swagger's top bar, whose logo is an SVG with an inline <style> the CSP refuses.
    uiConfig: { docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
    // The UI runs under the portal's own policy (http/security-headers.ts): its page has no inline script or style.
    uiHooks: {},
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

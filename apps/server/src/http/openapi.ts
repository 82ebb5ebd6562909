import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '@admin-portal/contract/api/catalogue';
import { routeKey } from '@admin-portal/contract/api/endpoint';
import { API_TAGS } from '@admin-portal/contract/api/tags';
import { API_VERSION } from '@admin-portal/contract/api/version';
import { openApiRegistry, withoutUnusedSchemas, withSharedResponses } from './openapi-schemas.ts';
import { POLICY, policyKey } from './policy.ts';

const ENDPOINT_BY_ROUTE = new Map(ENDPOINTS.map((e) => [routeKey(e), e]));

/** A body's media types: multipart/form-data with the form's parts, and JSON when the route also reads JSON. */
function multipartContent(form: z.ZodType, json: unknown): Record<string, { schema: unknown }> {
  const { $schema: _, ...parts } = z.toJSONSchema(form, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
  return { ...(json ? { 'application/json': { schema: json } } : {}), 'multipart/form-data': { schema: parts } };
}

/** OpenAPI 3.1 generated from the routes' zod schemas, served at /api/openapi.json with a docs UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  const schemaRegistry = openApiRegistry();
  const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry });
  const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Admin Portal API',
        version: API_VERSION,
        description: 'Operations console API for configurable customer-onboarding workflows. The changes of each version: docs/guide/api-changelog.md.',
        contact: { name: 'Admin Portal', url: app.config.publicUrl },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the server this document is read from (each deployment serves its own, at /api/openapi.json).
      servers: [{ url: '/', description: 'The server this document is served by' }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
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
      const limited = bodyLimit === undefined ? secured : { ...secured, schema: { ...secured.schema, 'x-body-limit': bodyLimit } };
      const endpoint = methods.map((m) => ENDPOINT_BY_ROUTE.get(policyKey(m, input.url))).find(Boolean);
      // Rules across query parameters (`x-rules` on the query's object): the document has parameters, not that object,
      // so they go on the operation, as `x-query-rules`.
      const queryRules = endpoint?.query ? z.globalRegistry.get(endpoint.query)?.['x-rules'] : undefined;
      const ruled = queryRules === undefined ? limited : { ...limited, schema: { ...limited.schema, 'x-query-rules': queryRules } };
      // A multipart body's parts (the route reads them itself): beside the JSON body, when the route takes both.
      const form = endpoint?.form;
      return form ? { ...ruled, schema: { ...ruled.schema, body: { content: multipartContent(form, ruled.schema.body) } } } : ruled;
    },
    transformObject: (input) => withSharedResponses(withoutUnusedSchemas(jsonSchemaTransformObject(input) as never)) as never,
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

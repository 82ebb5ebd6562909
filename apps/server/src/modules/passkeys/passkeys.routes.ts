import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import { creationOptionsSchema, PASSKEY_TEXTS, passkeyAddedSchema, passkeyListSchema, passkeyRegistrationSchema } from '@admin-portal/contract/passkeys';
import { currentPasswordSchema } from '@admin-portal/contract/two-factor';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as passkeys from './passkeys.service.ts';

/** Your passkeys, from the profile's Security tab (issue 37 item 2). Signing in with one: auth.routes.ts. */
export async function passkeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Auth'];

  r.get('/api/auth/passkeys', {
    schema: { tags, summary: 'Your passkeys: names, when each was added and last used', response: { 200: passkeyListSchema, ...ERROR_RESPONSES } },
    handler: async (request) => ({ passkeys: await passkeys.myPasskeys(app, requireAuth(request.auth)) }),
  });

  r.post('/api/auth/passkeys/registration/options', {
    schema: {
      tags,
      summary:
        "Add a passkey, step one (your password again): the options for navigator.credentials.create() (@simplewebauthn/browser's startRegistration), good for 5 minutes. 409 at 20 passkeys",
      body: currentPasswordSchema,
      response: { 200: creationOptionsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => passkeys.startRegistration(app, requireAuth(request.auth), request.body.password),
  });

  r.post('/api/auth/passkeys/registration', {
    schema: {
      tags,
      summary:
        "Add a passkey, step two: the browser's answer (RegistrationResponseJSON) and a name. The authenticator must verify its user; 409 when the passkey is registered already",
      body: passkeyRegistrationSchema,
      response: { 201: passkeyAddedSchema, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => {
      const passkey = await passkeys.finishRegistration(app, request, requireAuth(request.auth), request.body.name, request.body.credential);
      return reply.status(201).send({ passkey, message: PASSKEY_TEXTS.added });
    },
  });

  r.delete('/api/auth/passkeys/:id', {
    schema: {
      tags,
      summary: 'Remove one of your passkeys: it no longer signs in',
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await passkeys.removePasskey(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: PASSKEY_TEXTS.removed };
    },
  });
}

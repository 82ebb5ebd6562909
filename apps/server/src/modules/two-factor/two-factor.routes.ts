import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import {
  currentPasswordSchema,
  recoveryCodesSchema,
  totpConfirmSchema,
  totpSetupSchema,
  TWO_FACTOR_TEXTS,
  twoFactorStatusSchema,
} from '@admin-portal/contract/two-factor';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as twoFactor from './two-factor.service.ts';

/** Your second factor (the profile's Security tab) and an administrator's reset of a user's (issue 37 item 1). */
export async function twoFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Auth'];

  r.get('/api/auth/two-factor', {
    schema: {
      tags,
      summary: 'Whether your account signs in with a second factor, and how many recovery codes are left',
      response: { 200: twoFactorStatusSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => twoFactor.twoFactorStatus(app, requireAuth(request.auth)),
  });

  r.post('/api/auth/two-factor/totp/setup', {
    schema: {
      tags,
      summary:
        'Set up an authenticator app, step one (your password again): a new secret, its otpauth:// address and QR code; not in force until a code confirms it. 409 while one is on',
      body: currentPasswordSchema,
      response: { 200: totpSetupSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => twoFactor.startTotpSetup(app, requireAuth(request.auth), request.body.password),
  });

  r.post('/api/auth/two-factor/totp/confirm', {
    schema: {
      tags,
      summary: "Set up an authenticator app, step two: the app's first code turns the second factor on; answers ten recovery codes, shown this once",
      body: totpConfirmSchema,
      response: { 200: recoveryCodesSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => ({
      recovery_codes: await twoFactor.confirmTotp(app, request, requireAuth(request.auth), request.body.code),
      message: TWO_FACTOR_TEXTS.enabled,
    }),
  });

  r.post('/api/auth/two-factor/totp/disable', {
    schema: {
      tags,
      summary: 'Turn your second factor off (your password again); its recovery codes stop working',
      body: currentPasswordSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await twoFactor.disableTotp(app, request, requireAuth(request.auth), request.body.password);
      return { success: true, message: TWO_FACTOR_TEXTS.disabled };
    },
  });

  r.post('/api/auth/two-factor/recovery-codes', {
    schema: {
      tags,
      summary: 'New recovery codes (your password again), shown this once; the old ones stop working',
      body: currentPasswordSchema,
      response: { 200: recoveryCodesSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => ({
      recovery_codes: await twoFactor.renewRecoveryCodes(app, request, requireAuth(request.auth), request.body.password),
      message: TWO_FACTOR_TEXTS.codesRenewed,
    }),
  });

  r.post('/api/admin/users/:id/two-factor/reset', {
    schema: {
      tags: ['Users'],
      summary: "Reset a user's second factor (a lost phone): they sign in with their password alone until they set it up again. 409 when they have none",
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await twoFactor.resetUserSecondFactor(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: TWO_FACTOR_TEXTS.reset };
    },
  });
}

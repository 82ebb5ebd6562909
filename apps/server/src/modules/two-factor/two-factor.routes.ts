import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TWO_FACTOR_ENDPOINTS } from '@admin-portal/contract/api/endpoints/two-factor';
import { USER_ENDPOINTS } from '@admin-portal/contract/api/endpoints/users';
import { TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as twoFactor from './two-factor.service.ts';

/** Your second factor (the profile's Security tab) and an administrator's reset of a user's (issue 37 item 1). */
export async function twoFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(TWO_FACTOR_ENDPOINTS.getTwoFactorStatus),
    handler: (request) => twoFactor.twoFactorStatus(app, requireAuth(request.auth)),
  });

  r.route({
    ...routeOf(TWO_FACTOR_ENDPOINTS.startTotpSetup),
    handler: (request) => twoFactor.startTotpSetup(app, requireAuth(request.auth), request.body.password),
  });

  r.route({
    ...routeOf(TWO_FACTOR_ENDPOINTS.confirmTotpSetup),
    handler: async (request) => ({
      recovery_codes: await twoFactor.confirmTotp(app, request, requireAuth(request.auth), request.body.code),
      message: TWO_FACTOR_TEXTS.enabled,
    }),
  });

  r.route({
    ...routeOf(TWO_FACTOR_ENDPOINTS.disableTotp),
    handler: async (request) => {
      await twoFactor.disableTotp(app, request, requireAuth(request.auth), request.body.password);
      return { success: true, message: TWO_FACTOR_TEXTS.disabled };
    },
  });

  r.route({
    ...routeOf(TWO_FACTOR_ENDPOINTS.renewRecoveryCodes),
    handler: async (request) => ({
      recovery_codes: await twoFactor.renewRecoveryCodes(app, request, requireAuth(request.auth), request.body.password),
      message: TWO_FACTOR_TEXTS.codesRenewed,
    }),
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.resetUserTwoFactor),
    handler: async (request) => {
      await twoFactor.resetUserSecondFactor(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: TWO_FACTOR_TEXTS.reset };
    },
  });
}

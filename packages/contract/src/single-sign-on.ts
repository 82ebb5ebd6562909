import { z } from 'zod';
import { domainSchema } from './organizations.ts';
import { requiredText } from './input-rules.ts';
import { ROLES } from './role-names.ts';
import { SSO_TEXTS } from './sso-texts.ts';

export * from './sso-texts.ts';

/**
 * Single sign-on with OpenID Connect (issue 37 item 4): per organization, an identity provider (issuer, client id and
 * secret), the e-mail domains that sign in through it, the role new accounts get (or one from a claim), and whether
 * it is the only way in for the organization's staff.
 */

/** The roles single sign-on may give: any but super administrator. */
export const SSO_ROLES = ROLES.filter((r) => r !== 'super_admin') as Exclude<(typeof ROLES)[number], 'super_admin'>[];

/** An issuer: https, or http on this machine only (a provider a test or a developer runs beside the portal). */
const issuerSchema = z
  .string()
  .trim()
  .max(500)
  .regex(
    /^(https:\/\/[^\s/?#]+|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?)(\/[^\s?#]*)?$/,
    'Enter the issuer’s https:// URL, e.g. https://login.example.com',
  );

export const ssoSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    /** Shown on the sign-in page: "Sign in with <provider_name>". */
    provider_name: requiredText('Enter the provider’s name, e.g. Okta').max(60),
    issuer: issuerSchema,
    client_id: requiredText('Enter the client id').max(255),
    /** Required when none is stored; left out, the stored one stays. Kept encrypted, never answered. */
    client_secret: z.string().min(1).max(1024).optional(),
    allowed_domains: z.array(domainSchema).min(1, 'Add at least one e-mail domain').max(20),
    default_role: z.enum(SSO_ROLES),
    /** A claim of the ID token whose value (a string or a list) names roles; the most privileged one named is given. */
    roles_claim: z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9_:./-]*$/, 'A claim name: letters, digits and _ : . / -')
      .nullable(),
    /** Staff of the organization sign in only with single sign-on (super administrators keep their password). */
    sso_only: z.boolean(),
  })
  .meta({
    'x-rules': [
      `\`client_secret\` is required while the organization has none stored (left out, the stored one stays): "${SSO_TEXTS.secretRequired}"`,
      `The issuer's OpenID Connect discovery document is read when the settings are saved, and must be valid (422 on \`issuer\`): "${SSO_TEXTS.discoveryFailed}: …"`,
      `No domain of \`allowed_domains\` may belong to another organization (422 on that item): "<domain>: ${SSO_TEXTS.domainClaimed}"`,
    ],
  });
export type SsoSettingsInput = z.infer<typeof ssoSettingsInputSchema>;

export const ssoSettingsSchema = ssoSettingsInputSchema.omit({ client_secret: true }).extend({
  has_client_secret: z.boolean(),
  updated_at: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** GET/PUT /admin/organizations/{id}/sso: the settings (null when none) and the redirect URI to register at the provider. */
export const ssoSettingsResponseSchema = z.object({ sso: ssoSettingsSchema.nullable(), redirect_uri: z.string(), message: z.string().optional() });

/** GET /auth/sso/discover: whether the e-mail's domain signs in with a provider. */
export const ssoDiscoverQuerySchema = z.object({ email: z.string().trim().max(254) });
export const ssoDiscoverResponseSchema = z.object({ provider_name: z.string().nullable(), sso_only: z.boolean() });

export const ssoStartQuerySchema = z.object({ email: requiredText().max(254) });
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(500).optional(),
  session_state: z.string().max(512).optional(),
});
export const ssoExchangeSchema = z.object({ code: z.string().min(1).max(128) });

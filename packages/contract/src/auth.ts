import { z } from 'zod';
import { CURRENT_PASSWORD_RULE, emailSchema, nameSchema, PASSWORD_POLICY_TEXT, passwordSchema, uuidSchema } from './common.ts';
import { SPEC_PASSWORD_MIN_LENGTH } from './system/setting-info.ts';
import { requiredText } from './input-rules.ts';
import { SERVER_MESSAGES, VALIDATION } from './messages.ts';
import { userSchema } from './users.ts';

export const loginSchema = z.object({
  email: requiredText(VALIDATION.emailRequired).max(254),
  password: z.string().min(1, VALIDATION.passwordRequired).max(256),
});

export const loginResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  user: userSchema,
});

export const refreshSchema = z.object({ refresh_token: z.string().min(1).max(512) });
export const refreshResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const logoutSchema = z.object({ refresh_token: z.string().min(1).max(512).optional() });

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: nameSchema(VALIDATION.firstNameRequired),
  last_name: nameSchema(VALIDATION.lastNameRequired),
  organization_id: uuidSchema.optional(),
});

/**
 * POST /auth/register answers the same whether or not the address already has an account (issue 31): a link to
 * confirm the address is e-mailed to it (or, for an existing account, a notice), and nothing else happens until the
 * link comes back.
 */
export const registerResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** POST /auth/register/confirm: the token from the e-mailed link's fragment. */
export const confirmRegistrationSchema = z.object({ token: z.string().min(1, 'The link has no token').max(128) });
export const confirmRegistrationResponseSchema = z.object({
  success: z.boolean(),
  /** The account waits for an administrator's approval before it can sign in. */
  pending_approval: z.boolean(),
  message: z.string(),
});
export type ConfirmRegistrationResponse = z.infer<typeof confirmRegistrationResponseSchema>;

/** GET /auth/registration: whether anyone may register at all (the sign-in page offers sign-up only then). */
export const registrationAvailabilitySchema = z.object({ available: z.boolean() });
export type RegistrationAvailability = z.infer<typeof registrationAvailabilitySchema>;

export const profileSchema = z
  .object({
    first_name: nameSchema(VALIDATION.firstNameRequired),
    last_name: nameSchema(VALIDATION.lastNameRequired),
    email: emailSchema,
    /** Required when `email` changes: the e-mail is the sign-in name, so changing it asks for the password. */
    current_password: z.string().max(256).meta({ 'x-current-password': CURRENT_PASSWORD_RULE }).optional(),
  })
  .meta({
    'x-rules': [
      `\`current_password\` is required, and must be the account's password, when \`email\` is not the account's address (in any case): "${SERVER_MESSAGES.currentPasswordRequiredForEmail}"`,
    ],
  });
export const profileResponseSchema = z.object({ success: z.boolean(), user: userSchema, message: z.string() });

export const changePasswordSchema = z.object({
  old_password: z.string().min(1, VALIDATION.currentPasswordRequired).max(256).meta({ 'x-current-password': CURRENT_PASSWORD_RULE }),
  // Empty: "required"; then the password schema's rules. The document reads the first schema of a pipe: give it the
  // password's floor and policy too.
  new_password: z
    .string()
    .min(1, VALIDATION.newPasswordRequired)
    .max(256)
    .pipe(passwordSchema)
    .meta({ minLength: SPEC_PASSWORD_MIN_LENGTH, 'x-password-policy': PASSWORD_POLICY_TEXT }),
});
export const changePasswordResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const verifyResponseSchema = z.object({
  valid: z.boolean(),
  user: userSchema,
  expires_at: z.string(),
});

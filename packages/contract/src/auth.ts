import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, uuidSchema } from './common.ts';
import { VALIDATION } from './messages.ts';
import { userSchema } from './users.ts';

export const loginSchema = z.object({
  email: z.string().trim().min(1, VALIDATION.emailRequired).max(254),
  password: z.string().min(1, 'Password is required').max(256),
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

export const registerResponseSchema = z.object({ success: z.boolean(), user: userSchema, message: z.string() });

/** GET /auth/registration: whether anyone may register at all (the sign-in page offers sign-up only then). */
export const registrationAvailabilitySchema = z.object({ available: z.boolean() });
export type RegistrationAvailability = z.infer<typeof registrationAvailabilitySchema>;

export const profileSchema = z.object({
  first_name: nameSchema(VALIDATION.firstNameRequired),
  last_name: nameSchema(VALIDATION.lastNameRequired),
  email: emailSchema,
});
export const profileResponseSchema = z.object({ success: z.boolean(), user: userSchema, message: z.string() });

export const changePasswordSchema = z.object({
  old_password: z.string().min(1, VALIDATION.currentPasswordRequired).max(256),
  new_password: z.string().min(1, VALIDATION.newPasswordRequired).max(256).pipe(passwordSchema),
});
export const changePasswordResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const verifyResponseSchema = z.object({
  valid: z.boolean(),
  user: userSchema,
  expires_at: z.string(),
});

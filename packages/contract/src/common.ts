import { z } from 'zod';
import { queryInteger, requiredText } from './input-rules.ts';
import { EMAIL_PATTERN } from './email-pattern.ts';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_QUERY_MAX } from './list-limits.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { SPEC_PASSWORD_MIN_LENGTH } from './system/setting-info.ts';

export { COUNT_CAP, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_QUERY_MAX } from './list-limits.ts';

export const uuidSchema = z.uuid();

export const validationErrorSchema = z.object({ field: z.string(), message: z.string() });
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** DESIGN §4 error body. */
export const errorBodySchema = z.object({
  detail: z.string(),
  validation_errors: z.array(validationErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamsSchema = z.object({ id: uuidSchema });

/** Query string shared by every list: limit/offset pagination, free-text q and sort (field, `-field` for descending). */
export const listQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: LIST_LIMIT_MAX, default: LIST_LIMIT_DEFAULT }),
  offset: queryInteger({ min: 0, max: 10_000_000, default: 0 }),
  q: z.string().trim().max(LIST_QUERY_MAX).optional(),
  sort: z.string().max(64).optional(),
});

/**
 * A list's `sort`: one of its orders (`field` ascending, `-field` descending), stated in the document as an enum.
 * Anything else is refused with the orders it may take.
 */
export function sortQuery<const S extends readonly [string, ...string[]]>(sorts: S) {
  return z.enum(sorts, { error: `Sort must be one of: ${sorts.join(', ')}` }).optional();
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    /**
     * false when `total` stopped counting at a cap (the list goes on; show "1,000+"): the lists' cap, or the cap
     * answered without counting when the planner's estimate is far above it.
     */
    total_exact: z.boolean().optional(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
}

export const successSchema = z.object({ success: z.boolean(), message: z.string().optional() });

export { EMAIL_PATTERN } from './email-pattern.ts';

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .regex(EMAIL_PATTERN, 'Please enter a valid email address')
  .transform((v) => v.toLowerCase());

/**
 * The rule every new password meets beyond its schema (the server's password policy, applied after the schema),
 * for the OpenAPI document: a product setting decides the minimum length, so the document cannot give its current
 * value as `minLength` (it gives the fixed floor, 8); it carries the rule's words as `x-password-policy`.
 */
export const PASSWORD_POLICY_TEXT =
  `At least the product's minimum password length, counted in characters (System settings \`password_min_length\`: ${SPEC_PASSWORD_MIN_LENGTH} by default, ` +
  `never below ${SPEC_PASSWORD_MIN_LENGTH}, at most 128; GET /api/system/branding answers its current value); not one of the most common passwords ` +
  "(zxcvbn-ts's list of leaked passwords), in any case; not containing the account's e-mail address, nor the letters of its " +
  'name part alone with digits and symbols around them (AdaLovelace!1 for ada.lovelace@…). ' +
  'Refused with 422 on this field otherwise.';

/**
 * A field that asks again for the signed-in account's password (to change the e-mail or the password, to set up a
 * second factor or a passkey), as the OpenAPI document states it (`x-current-password`): a wrong one is a field error.
 */
export const CURRENT_PASSWORD_RULE =
  `The signed-in account's current password: a wrong one is refused with 400 on this field ("${SERVER_MESSAGES.currentPasswordIncorrect}"); ` +
  'after wrong tries the next ones wait (429 with Retry-After)';

export const passwordSchema = z
  .string()
  .min(SPEC_PASSWORD_MIN_LENGTH, `Password must be at least ${SPEC_PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters')
  .meta({ 'x-password-policy': PASSWORD_POLICY_TEXT });

export const nameSchema = (required: string) => requiredText(required).max(100);

/** Plain-language messages for the generic cases (missing field, wrong type), the same on the server and in forms. */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined) return 'This field is required';
      return `Expected ${issue.expected}, received ${issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input}`;
    }
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
    return undefined;
  },
});

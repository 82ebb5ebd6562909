import { z } from 'zod';
import { USER_SORTS } from './list-sorts.ts';
import { emailSchema, listQuerySchema, listResponseSchema, nameSchema, passwordSchema, sortQuery, uuidSchema } from './common.ts';
import { SERVER_MESSAGES, VALIDATION } from './messages.ts';
import { permissionSchema } from './permissions.ts';
import { roleSchema } from './roles.ts';

/** Spec §3 user, plus the fields a staff console needs. `permissions` is the effective, expanded list. */
export const userSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  organization_id: uuidSchema,
  organization_name: z.string().optional(),
  permissions: z.array(z.string()),
  extra_permissions: z.array(z.string()),
  is_active: z.boolean(),
  /** Signed up by themselves and waiting for an administrator's approval: cannot sign in until approved. */
  pending_approval: z.boolean(),
  is_locked: z.boolean(),
  locked_until: z.string().nullable(),
  failed_logins: z.number().int(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export { USER_SORTS } from './list-sorts.ts';

export const userListQuerySchema = listQuerySchema.extend({
  sort: sortQuery(USER_SORTS),
  role: roleSchema.optional(),
  organization_id: uuidSchema.optional(),
  locked: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  is_active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** true: only accounts waiting for an administrator's approval; false: only approved ones. */
  pending: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
/**
 * A row of the users list: the user without the effective permissions, which were two thirds of a page's bytes.
 * The row's menu works them out from the role and the extras with effectivePermissions, as the server does; one
 * user (GET /api/admin/users/:id) and its /permissions carry them.
 */
/** The ways an account proves a second factor (issue 37): an authenticator app, passkeys. */
export const SECOND_FACTOR_KINDS = ['authenticator_app', 'passkey'] as const;

export const userListItemSchema = userSchema.omit({ permissions: true }).extend({
  /** The second factors the account has (none: it signs in with its password alone, or through single sign-on). */
  second_factors: z.array(z.enum(SECOND_FACTOR_KINDS)),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListSchema = listResponseSchema(userListItemSchema);

/** The CSV export takes the list's filters, search and sort, and returns every matching user (no page). */
export const userExportQuerySchema = userListQuerySchema.omit({ limit: true, offset: true });
export type UserExportQuery = z.input<typeof userExportQuerySchema>;

/** The CSV export's header row, in order. */
export const USER_EXPORT_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'role',
  'organization',
  'is_active',
  'is_locked',
  'last_login_at',
  'created_at',
] as const;

const ORGANIZATION_MUST_EXIST = `\`organization_id\` names an organization that exists (422 on it): "${SERVER_MESSAGES.organizationNotFound}"`;

export const createUserSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    first_name: nameSchema(VALIDATION.firstNameRequired),
    last_name: nameSchema(VALIDATION.lastNameRequired),
    role: roleSchema,
    organization_id: uuidSchema.optional(),
    permissions: z.array(permissionSchema).max(64).optional(),
    is_active: z.boolean().optional(),
  })
  .meta({ 'x-rules': [ORGANIZATION_MUST_EXIST] });
export type CreateUser = z.infer<typeof createUserSchema>;

export const createUserResponseSchema = userSchema.extend({ message: z.string() });

export const updateUserSchema = z
  .object({
    email: emailSchema,
    first_name: nameSchema(VALIDATION.firstNameRequired),
    last_name: nameSchema(VALIDATION.lastNameRequired),
    role: roleSchema,
    organization_id: uuidSchema,
    is_active: z.boolean(),
  })
  .partial()
  .meta({
    'x-rules': [
      ORGANIZATION_MUST_EXIST,
      `Nobody deactivates their own account (400): "${SERVER_MESSAGES.cannotDeactivateSelf}"`,
      `Nobody changes their own role (400): "${SERVER_MESSAGES.cannotChangeOwnRole}"`,
    ],
  });
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const resetPasswordSchema = z.object({ new_password: passwordSchema });

export const addPermissionSchema = z.object({ permission: permissionSchema });
export const permissionParamsSchema = z.object({ id: uuidSchema, permission: z.string().min(1).max(64) });

/** Spec §3: permissions response is a success flag and a list of names; role defaults and extras are added for the editor. */
export const permissionsResponseSchema = z.object({
  success: z.boolean(),
  permissions: z.array(z.string()),
  role_permissions: z.array(z.string()),
  extra_permissions: z.array(z.string()),
});

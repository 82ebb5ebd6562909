import { z } from 'zod';
import { roleSchema } from './roles.ts';

/** A list of roles whose accounts must sign in with a second factor: each role once (issue 37 item 3). */
export const twoFactorRolesSchema = z
  .array(roleSchema)
  .max(7)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'Each role once' })
  .meta({ uniqueItems: true });

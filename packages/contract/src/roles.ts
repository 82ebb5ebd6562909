import { z } from 'zod';
import { ROLES } from './role-names.ts';

export { ROLES, roleBadgeVariant, roleLabel } from './role-names.ts';
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

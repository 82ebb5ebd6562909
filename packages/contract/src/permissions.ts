import { z } from 'zod';
import { PERMISSIONS } from './permission-names.ts';

// The catalogue and its rules live in permission-names.ts (zod-free: the web app's pages check permissions); here with the schema.
export * from './permission-names.ts';
export const permissionSchema = z.enum(PERMISSIONS);

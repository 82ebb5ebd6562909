import { z } from 'zod';
import * as aiApi from '../ai/api.ts';
import * as aiGenerators from '../ai/generators.ts';
import * as analytics from '../analytics/api.ts';
import * as applicant from '../applicant/api.ts';
import * as applications from '../applications/api.ts';
import * as auth from '../auth.ts';
import * as common from '../common.ts';
import * as organizations from '../organizations.ts';
import * as passkeys from '../passkeys.ts';
import * as preferences from '../preferences.ts';
import * as search from '../search.ts';
import * as sessions from '../sessions.ts';
import * as singleSignOn from '../single-sign-on.ts';
import * as audit from '../system/audit.ts';
import * as systemConfig from '../system/config.ts';
import * as systemSettings from '../system/settings.ts';
import * as tools from '../tools/api.ts';
import * as twoFactor from '../two-factor.ts';
import * as users from '../users.ts';
import * as webhooks from '../webhooks.ts';
import * as workflows from '../workflows/api.ts';
import * as simulations from '../workflows/simulations.ts';

/** The contract's schema modules: their exported schemas are the document's named schemas. */
const MODULES = [
  common,
  auth,
  sessions,
  twoFactor,
  passkeys,
  singleSignOn,
  preferences,
  users,
  organizations,
  search,
  workflows,
  simulations,
  tools,
  applications,
  applicant,
  analytics,
  aiApi,
  aiGenerators,
  systemConfig,
  systemSettings,
  audit,
  webhooks,
];

/**
 * Names that read better than the export's (`errorBodySchema` → Error), or that would collide with the name the
 * document gives a schema's input side (`SsoSettings` as written is `SsoSettingsInput`).
 */
const RENAMED: Readonly<Record<string, string>> = { errorBodySchema: 'Error', ssoSettingsInputSchema: 'SsoSettingsChange' };

const pascal = (exportName: string) => {
  const stem = exportName.replace(/Schema$/, '');
  return stem.charAt(0).toUpperCase() + stem.slice(1);
};

/**
 * Every exported zod schema of the contract's schema modules, by the name the OpenAPI document gives it
 * (`toolSchema` → `Tool`): what an endpoint takes or answers with a name lands in `components.schemas` and is
 * referenced from there, so a generated client has named models. Two different schemas may not take one name.
 */
export function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Map<string, z.ZodType>();
  for (const module of MODULES) {
    for (const [exportName, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || !exportName.endsWith('Schema')) continue;
      const name = RENAMED[exportName] ?? pascal(exportName);
      if (name.endsWith('Input')) throw new Error(`${exportName}: a name ending in Input is taken by the input side of another; add it to RENAMED`);
      const other = taken.get(name);
      if (other && other !== value) throw new Error(`Two schemas are named ${name} (export ${exportName}): rename one`);
      if (names.has(value)) continue;
      taken.set(name, value);
      names.set(value, name);
    }
  }
  return names;
}

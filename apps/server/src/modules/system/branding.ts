import type { FastifyInstance } from 'fastify';
import type { Branding } from '@admin-portal/contract/system/settings';
import type { AuthContext } from '../../http/context.ts';

/**
 * What the sign-in page and the shell show: the product name (branding.product_name for the organization, else the
 * product setting), the logo (branding.logo) and whether the AI assistant is on. Signed out: the global entries.
 */
export async function brandingFor(app: FastifyInstance, auth: AuthContext | null): Promise<Branding> {
  const settings = await app.settings.get();
  const organizationId = auth ? (auth.organizationId ?? auth.homeOrganizationId) : null;
  const env = app.config.environment;
  const [productName, logo, aiAssistant] = await Promise.all([
    app.effectiveConfig.text('branding.product_name', organizationId, env, settings.product_name),
    app.effectiveConfig.entry('branding.logo', organizationId, env),
    auth ? app.effectiveConfig.flag('features.ai_assistant', organizationId, env, true) : Promise.resolve(false),
  ]);
  return { product_name: productName, logo_url: logoUrlOf(logo?.row), password_min_length: settings.password_min_length, ai_assistant: aiAssistant };
}

/** Where a branding.logo entry's image is served (versioned by its content, so it can be cached), or null without a file. */
export function logoUrlOf(row: { id: string; file_id: string | null; sha256: string | null } | null | undefined): string | null {
  return row?.file_id ? `/api/system/branding/logo/${row.id}?v=${(row.sha256 ?? row.file_id).slice(0, 16)}` : null;
}

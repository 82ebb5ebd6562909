/**
 * Case links (ADR 0056): `/apply/c/<token>`, 32 random bytes shown once, stored as their SHA-256; each works for the
 * organization's `applicant_link_days`, until revoked, and for its one case's applicant pages only. A case has at
 * most APPLICANT_LIMITS.linksPerCase working links: making another revokes the oldest.
 */
import { APPLICANT_LIMITS, type ApplicantStartMode, type IssuedLink } from '@admin-portal/contract/applicant/api';
import type { ApplicantLanguage } from '@admin-portal/contract/applicant/texts';
import { organizationSettingsSchema } from '@admin-portal/contract/organizations';
import type { Queryable } from '../../db/client.ts';
import { hashToken, newOpaqueToken } from '../../security/tokens.ts';
import type { ApplicantLinks } from '../../engine/commands.ts';
import {
  findOrganizationSettings,
  findWorkingLink,
  insertLink,
  markLinkSent,
  revokeOldestLinks,
  type LinkCreator,
  type LinkRow,
} from './applicant-links.queries.ts';

/** A case link's token: 43 base64url characters. Anything else is not looked up at all. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const caseLinkPath = (token: string) => `/apply/c/${token}`;
export const startLinkPath = (link: string) => `/apply/${link}`;

/** The organization's applicant settings, with the contract's defaults for what it has not set. */
export function applicantSettingsOf(settings: Record<string, unknown>): {
  start: ApplicantStartMode;
  linkDays: number;
  language: ApplicantLanguage;
  embedOrigins: string[];
} {
  const parsed = organizationSettingsSchema.safeParse(settings);
  const s = parsed.success ? parsed.data : organizationSettingsSchema.parse({});
  return { start: s.applicant_start, linkDays: s.applicant_link_days, language: s.applicant_language, embedOrigins: s.applicant_embed_origins };
}

/** Makes a case link; answers its address (the only time it is shown) and its row. */
export async function issueCaseLink(
  tx: Queryable,
  at: { organizationId: string; applicationId: string; createdBy: { type: LinkCreator; id: string | null }; days: number; publicUrl: string },
): Promise<{ issued: IssuedLink; row: LinkRow }> {
  const token = newOpaqueToken();
  const row = await insertLink(tx, { ...at, tokenHash: hashToken(token) });
  await revokeOldestLinks(tx, at.applicationId, APPLICANT_LIMITS.linksPerCase);
  return { issued: { url: `${at.publicUrl}${caseLinkPath(token)}`, expires_at: row.expires_at.toISOString() }, row };
}

/** The working link a presented token is, or none (unknown, expired, revoked, or not a token's shape). */
export async function resolveCaseLink(db: Queryable, token: string | undefined): Promise<LinkRow | undefined> {
  if (!token || !TOKEN.test(token)) return undefined;
  return findWorkingLink(db, hashToken(token));
}

/** A new start link slug: 16 random base64url characters (96 bits). */
export const newStartLink = () => newOpaqueToken().slice(0, 16);

/**
 * The engine's port for `{{applicant_link}}` in a notification's e-mail: a new link for the case, made with the
 * organization's link days and noted as sent to the address the e-mail goes to.
 */
export function applicantLinksPort(publicUrl: string): ApplicantLinks {
  return {
    async issue(q, c, sentTo) {
      const { linkDays } = applicantSettingsOf(await findOrganizationSettings(q, c.organization_id));
      const { issued, row } = await issueCaseLink(q, {
        organizationId: c.organization_id,
        applicationId: c.id,
        createdBy: { type: 'system', id: null },
        days: linkDays,
        publicUrl,
      });
      await markLinkSent(q, row.id, sentTo);
      return issued.url;
    },
  };
}

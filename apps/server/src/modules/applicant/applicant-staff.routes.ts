/**
 * Staff around the applicant's pages (issue 34): a case's links — their state, a new one to copy, revoking them —
 * and a workflow's public start link, on or off. Each change is audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPLICANT_MESSAGES, type ApplicantLinkState } from '@admin-portal/contract/applicant/api';
import { APPLICANT_LINK_ENDPOINTS } from '@admin-portal/contract/api/endpoints/applicant-staff';
import { isOpen } from '../../engine/commands.ts';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { conflict } from '../../http/errors.ts';
import { assertVisible } from '../../http/organization-scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { visibleApplication } from '../applications/applications.service.ts';
import { applicantSettingsOf, issueCaseLink, newStartLink, startLinkPath } from '../applicant-links/applicant-links.ts';
import { queueApplicantLinkEmail } from '../applicant-links/applicant-link-emails.ts';
import {
  type LinkRow,
  findOrganizationSettings,
  findWorkflowStartLink,
  listLinks,
  revokeLinks,
  setWorkflowStartLink,
} from '../applicant-links/applicant-links.queries.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentLink(row: LinkRow, now = Date.now()): ApplicantLinkState {
  return {
    id: row.id,
    state: row.revoked_at ? 'revoked' : row.expires_at.getTime() <= now ? 'expired' : 'active',
    created_at: row.created_at.toISOString(),
    created_by: row.created_by_type,
    expires_at: row.expires_at.toISOString(),
    sent_to: row.sent_to,
    sent_at: iso(row.sent_at),
    first_opened_at: iso(row.first_opened_at),
    last_seen_at: iso(row.last_seen_at),
    visits: row.visits,
  };
}

export async function applicantStaffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(APPLICANT_LINK_ENDPOINTS.listApplicantLinks),
    handler: async (request) => {
      const row = await visibleApplication(app.db, requireAuth(request.auth), request.params.id);
      return { links: (await listLinks(app.db, row.id)).map((l) => presentLink(l)) };
    },
  });

  r.route({
    ...routeOf(APPLICANT_LINK_ENDPOINTS.issueApplicantLink),
    handler: async (request, reply) => {
      const auth = requireAuth(request.auth);
      const row = await visibleApplication(app.db, auth, request.params.id);
      if (!isOpen(row)) throw conflict(APPLICANT_MESSAGES.notInProgress);
      const { linkDays } = applicantSettingsOf(await findOrganizationSettings(app.db, row.organization_id));
      const { issued } = await app.db.transaction(async (tx) => {
        const made = await issueCaseLink(tx, {
          organizationId: row.organization_id,
          applicationId: row.id,
          createdBy: { type: 'user', id: auth.userId },
          days: linkDays,
          publicUrl: app.config.publicUrl,
        });
        await recordAudit(tx, request, {
          action: 'application.link_issued',
          targetType: 'application',
          targetId: row.id,
          organizationId: row.organization_id,
          changes: { link_id: made.row.id, expires_at: made.issued.expires_at },
        });
        return made;
      });
      return reply.status(201).send(issued);
    },
  });

  r.route({
    ...routeOf(APPLICANT_LINK_ENDPOINTS.sendApplicantLink),
    handler: async (request) => {
      const auth = requireAuth(request.auth);
      const row = await visibleApplication(app.db, auth, request.params.id);
      if (!isOpen(row)) throw conflict(APPLICANT_MESSAGES.notInProgress);
      if (!row.applicant_email) throw conflict(APPLICANT_MESSAGES.noEmail);
      if (!app.config.smtpUrl) throw conflict(APPLICANT_MESSAGES.mailUnavailable);
      await app.db.transaction(async (tx) => {
        await queueApplicantLinkEmail(tx, app.db, app.config, {
          organizationId: row.organization_id,
          applicationId: row.id,
          requestedBy: { type: 'user', id: auth.userId },
        });
        await recordAudit(tx, request, {
          action: 'application.link_sent',
          targetType: 'application',
          targetId: row.id,
          organizationId: row.organization_id,
          changes: { to: row.applicant_email },
        });
      });
      app.runtime.wake();
      return { success: true, message: APPLICANT_MESSAGES.linkOnItsWay(row.applicant_email) };
    },
  });

  r.route({
    ...routeOf(APPLICANT_LINK_ENDPOINTS.revokeApplicantLinks),
    handler: async (request) => {
      const auth = requireAuth(request.auth);
      const row = await visibleApplication(app.db, auth, request.params.id);
      const revoked = await app.db.transaction(async (tx) => {
        const n = await revokeLinks(tx, row.id);
        await recordAudit(tx, request, {
          action: 'application.links_revoked',
          targetType: 'application',
          targetId: row.id,
          organizationId: row.organization_id,
          changes: { revoked: n },
        });
        return n;
      });
      return { success: true, message: revoked === 1 ? '1 link revoked' : `${revoked} links revoked` };
    },
  });

  r.route({
    ...routeOf(APPLICANT_LINK_ENDPOINTS.getWorkflowStartLink),
    handler: async (request) => {
      const workflow = await findWorkflowStartLink(app.db, request.params.id);
      assertVisible(requireAuth(request.auth), workflow, 'Workflow');
      return { url: workflow.apply_link ? `${app.config.publicUrl}${startLinkPath(workflow.apply_link)}` : null };
    },
  });

  r.route({
    ...routeOf(APPLICANT_LINK_ENDPOINTS.setWorkflowStartLink),
    handler: async (request) => {
      const workflow = await findWorkflowStartLink(app.db, request.params.id);
      assertVisible(requireAuth(request.auth), workflow, 'Workflow');
      const next = request.body.enabled ? (workflow.apply_link ?? newStartLink()) : null;
      if (next !== workflow.apply_link) {
        await app.db.transaction(async (tx) => {
          await setWorkflowStartLink(tx, request.params.id, next);
          await recordAudit(tx, request, {
            action: next ? 'workflow.start_link_on' : 'workflow.start_link_off',
            targetType: 'workflow',
            targetId: request.params.id,
            organizationId: workflow.organization_id,
            changes: { enabled: next !== null },
          });
        });
      }
      return { url: next ? `${app.config.publicUrl}${startLinkPath(next)}` : null };
    },
  });
}

import { idParamsSchema, successSchema } from '../../common.ts';
import { perm, SIGNED_IN, SUPER_ADMIN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import {
  createOrganizationSchema,
  organizationListQuerySchema,
  organizationListSchema,
  organizationSchema,
  organizationSettingsResponseSchema,
  organizationSettingsUpdateSchema,
  updateOrganizationSchema,
} from '../../organizations.ts';
import { ssoSettingsInputSchema, ssoSettingsResponseSchema } from '../../single-sign-on.ts';

/**
 * Organizations (spec §7 Organizations). Every signed-in user reads the organizations they can see (all for a super
 * admin, else their own); creating, changing and deleting organizations is a super admin's. An organization's
 * settings and its single sign-on (issue 37 item 4) need organization:manage.
 */
const tags = ['Organizations'] as const;
const MANAGE = perm('organization:manage');

export const ORGANIZATION_ENDPOINTS = defineEndpoints({
  listOrganizations: {
    method: 'GET',
    path: '/api/admin/organizations',
    tags,
    summary: 'List organizations',
    description: 'Organizations you can see: all for a super admin, else your own.',
    access: SIGNED_IN,
    query: organizationListQuerySchema,
    responses: { 200: organizationListSchema },
  },
  createOrganization: {
    method: 'POST',
    path: '/api/admin/organizations',
    tags,
    summary: 'Create an organization',
    access: SUPER_ADMIN,
    body: createOrganizationSchema,
    responses: { 201: organizationSchema },
  },
  getOrganization: {
    method: 'GET',
    path: '/api/admin/organizations/:id',
    tags,
    summary: 'Get an organization',
    access: SIGNED_IN,
    params: idParamsSchema,
    responses: { 200: organizationSchema },
  },
  updateOrganization: {
    method: 'PUT',
    path: '/api/admin/organizations/:id',
    tags,
    summary: 'Update an organization',
    access: SUPER_ADMIN,
    params: idParamsSchema,
    body: updateOrganizationSchema,
    responses: { 200: organizationSchema },
  },
  deleteOrganization: {
    method: 'DELETE',
    path: '/api/admin/organizations/:id',
    tags,
    summary: 'Delete an organization that has no users',
    access: SUPER_ADMIN,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
  getOrganizationSettings: {
    method: 'GET',
    path: '/api/admin/organizations/:id/settings',
    tags,
    summary: "Get an organization's settings",
    access: MANAGE,
    params: idParamsSchema,
    responses: { 200: organizationSettingsResponseSchema },
  },
  updateOrganizationSettings: {
    method: 'PUT',
    path: '/api/admin/organizations/:id/settings',
    tags,
    summary: "Update an organization's settings",
    description: 'Only the keys sent change.',
    access: MANAGE,
    params: idParamsSchema,
    body: organizationSettingsUpdateSchema,
    responses: { 200: organizationSettingsResponseSchema },
  },
  getOrganizationSso: {
    method: 'GET',
    path: '/api/admin/organizations/:id/sso',
    tags,
    summary: "Get an organization's single sign-on",
    description: "The organization's single sign-on (null when none), and the redirect URI to register at its provider. The client secret is never answered.",
    access: MANAGE,
    params: idParamsSchema,
    responses: { 200: ssoSettingsResponseSchema },
  },
  updateOrganizationSso: {
    method: 'PUT',
    path: '/api/admin/organizations/:id/sso',
    tags,
    summary: "Set an organization's single sign-on with OpenID Connect",
    description:
      "The issuer's discovery document is read first (422 on issuer when it cannot be). A domain signs in to one organization. A client_secret left out keeps the stored one.",
    access: MANAGE,
    params: idParamsSchema,
    body: ssoSettingsInputSchema,
    responses: { 200: ssoSettingsResponseSchema },
  },
  deleteOrganizationSso: {
    method: 'DELETE',
    path: '/api/admin/organizations/:id/sso',
    tags,
    summary: "Remove an organization's single sign-on",
    description: 'Its staff sign in with their passwords.',
    access: MANAGE,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
});

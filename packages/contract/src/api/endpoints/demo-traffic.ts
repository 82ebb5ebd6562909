import { demoTrafficSchema, demoTrafficUpdateSchema } from '../../applications/api.ts';
import { ADMINS } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * The administrator's switch for live demo traffic in their organization: applicants arriving through this portal's
 * own public intake API with an intake key made for it like any other (listed on the API keys page, revoked when
 * switched off). Administrators only.
 */
const tags = ['System'] as const;

export const DEMO_TRAFFIC_ENDPOINTS = defineEndpoints({
  getDemoTraffic: {
    method: 'GET',
    path: '/api/admin/applications/demo-traffic',
    tags,
    summary: "Get the organization's live demo traffic",
    description: "The organization's live demo traffic: on or off, and what it has done.",
    access: ADMINS,
    responses: { 200: demoTrafficSchema },
  },
  updateDemoTraffic: {
    method: 'PUT',
    path: '/api/admin/applications/demo-traffic',
    tags,
    summary: 'Switch live demo traffic on or off',
    description: 'Switch live demo traffic on or off (applicants arriving through the public intake API).',
    access: ADMINS,
    body: demoTrafficUpdateSchema,
    responses: { 200: demoTrafficSchema },
  },
});

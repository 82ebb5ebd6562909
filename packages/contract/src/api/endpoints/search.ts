import { SIGNED_IN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { searchQuerySchema, searchResponseSchema } from '../../search.ts';

/** The header search. Every signed-in user: each kind of result is filtered by its own permission and organization scope inside the search. */
export const SEARCH_ENDPOINTS = defineEndpoints({
  searchPortal: {
    method: 'GET',
    path: '/api/admin/search',
    tags: ['Search'],
    summary: 'Search applications, workflows, tools, users and organizations',
    description:
      'Only what the caller may see. A case-insensitive substring match. Applications: applicant name, e-mail, external reference, or the whole case id (needs application:read); ' +
      'workflows: name, description, category (workflow:read); tools: name, description, type (tool:read); users: name, e-mail (user:read); ' +
      'organizations: name, slug (a super admin every one, anyone else their own). Every kind but organizations is scoped to the caller’s organization ' +
      '(a super admin’s X-Organization-Id, else all). A kind the caller may not read is neither searched nor counted. `limit` caps the results per kind; ' +
      '`totals` counts every match per kind searched, up to 1,000 for applications (then the kind is listed in `capped`).',
    access: SIGNED_IN,
    query: searchQuerySchema,
    responses: { 200: searchResponseSchema },
  },
});

/**
 * The product facts the AI assistant may read (ai/fact-types.ts), each kept with its domain's module. app.ts gives
 * this catalogue to the assistant, which imports no module itself.
 */
import { factCatalogue } from '../../ai/fact-types.ts';
import { failures, insights, onboardingSummary, openApplications, overdueReviews, reviewQueue, toolFailures } from '../analytics/analytics.facts.ts';
import { applicationLookup } from '../applications/application-lookup.facts.ts';
import { myReviews } from '../applications/my-reviews.facts.ts';
import { organizations } from '../organizations/organizations.facts.ts';
import { toolsOverview, toolTypes } from '../tools/tools.facts.ts';
import { rolePermissions, usersOverview, whoCanApprove } from '../users/users.facts.ts';
import { templates } from '../workflow-templates/workflow-templates.facts.ts';
import { stepTypes, workflowsOverview } from '../workflows/workflows.facts.ts';

/** In the order a language model is offered them. */
export const PRODUCT_FACTS = factCatalogue([
  myReviews,
  reviewQueue,
  overdueReviews,
  openApplications,
  applicationLookup,
  onboardingSummary,
  insights,
  failures,
  toolFailures,
  whoCanApprove,
  rolePermissions,
  workflowsOverview,
  toolsOverview,
  usersOverview,
  organizations,
  templates,
  stepTypes,
  toolTypes,
]);

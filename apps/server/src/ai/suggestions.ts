import { AI_PAGE_HELP } from '@admin-portal/contract/ai/page-help';
import type { AiPageKey } from '@admin-portal/contract/ai/pages';

/** Follow-up questions per fact (what people ask next). */
const FOLLOW_UPS: Record<string, readonly string[]> = {
  my_reviews: ['Which reviews are overdue?', 'How many applications wait for review?', 'Who can approve KYC cases?'],
  review_queue: ['Which reviews are overdue?', 'Who can approve KYC cases?', 'How is onboarding going this week?'],
  overdue_reviews: ['How many applications wait for review?', 'Who can approve KYC cases?', 'Where do applicants drop off?'],
  application_lookup: ['Which reviews are overdue?', 'How many applications wait for review?', 'Who can approve KYC cases?'],
  open_applications: ['How many applications wait for review?', 'Where do applicants drop off?', 'Why do applications fail?'],
  onboarding_summary: ['Where do applicants drop off?', 'Why do applications fail?', 'Which tools failed today?'],
  insights: ['Why do applications fail?', 'Which reviews are overdue?', 'Which tools failed this week?'],
  failure_reasons: ['Which tools failed this week?', 'Where do applicants drop off?', 'How is onboarding going this month?'],
  tool_failures: ['Which tools wait for approval?', 'Why do applications fail?', 'How do I register a tool?'],
  who_can_approve: ['Which reviews are overdue?', 'What can an operator do?', 'How do I add an approval step?'],
  role_permissions: ['What can a manager do?', 'Who can approve KYC cases?', 'What are my permissions?'],
  workflows: ['Where do applicants drop off?', 'How do I publish a workflow?', 'Which workflow templates are there?'],
  tools: ['Which tools failed today?', 'How do I register a tool?', 'What tool types are there?'],
  users: ['Which users are locked?', 'What can an operator do?', 'Who can approve KYC cases?'],
  organizations: ['How many users are there?', 'How do I switch organization?', 'What are my permissions?'],
  workflow_templates: ['What step types can I use?', 'How do I create a workflow from a template?', 'Which workflows are active?'],
  step_types: ['How do I write a condition?', 'How do I add an approval step?', 'Which workflow templates are there?'],
  tool_types: ['How do I register a tool?', 'How are tools called over MCP?', 'Which tools wait for approval?'],
};

/** Three questions to offer next: follow-ups of the facts just used, then the page's own suggestions. */
export function suggestionsFor(page: AiPageKey, message: string, facts: readonly string[]): string[] {
  const asked = message.trim().toLowerCase();
  const pool = [...facts.flatMap((f) => FOLLOW_UPS[f] ?? []), ...AI_PAGE_HELP[page].suggestions];
  return [...new Set(pool)].filter((s) => s.toLowerCase() !== asked).slice(0, 3);
}

/**
 * Descriptions people give the generators, each with properties its draft must have — beyond passing the checks a
 * hand-made workflow or tool passes. Run by generators.test.ts and `npm run bench:ai`.
 */
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { GeneratedTool } from '../generators/tool-generator.ts';
import type { ToolInfo } from '../generators/workflow-generator.ts';

/** The approved tools of the organization the workflows are generated for. */
export const EVAL_TOOLS: readonly ToolInfo[] = [
  { name: 'company_register_lookup', description: 'Looks a company up in the national company register' },
  { name: 'sanctions_screening', description: 'Screens a person against sanctions and PEP lists' },
  { name: 'credit_bureau_score', description: 'Gets a credit score from the credit bureau' },
];

type Step = WorkflowGraph['steps'][number];
const of = (g: WorkflowGraph, type: string) => g.steps.filter((s) => s.type === type);
const fields = (g: WorkflowGraph) => of(g, 'form').flatMap((s) => (s.config.fields as { key: string; type: string }[]) ?? []);
const cfg = (s: Step | undefined) => (s?.config ?? {}) as Record<string, unknown>;

export interface WorkflowCase {
  id: string;
  description: string;
  /** What the draft must have; each returns a problem, or null. */
  checks: ((g: WorkflowGraph) => string | null)[];
}

const has = (what: string, ok: boolean) => (ok ? null : `missing ${what}`);
const field = (key: string, type?: string) => (g: WorkflowGraph) =>
  has(
    `form field ${key}${type ? ` (${type})` : ''}`,
    fields(g).some((f) => f.key === key && (!type || f.type === type)),
  );
const approvalBy = (role: string, sla?: number) => (g: WorkflowGraph) =>
  has(
    `approval by ${role}${sla ? ` within ${sla} h` : ''}`,
    of(g, 'approval').some((s) => cfg(s).assignee_role === role && (!sla || cfg(s).sla_hours === sla)),
  );
const toolStep = (name: string) => (g: WorkflowGraph) =>
  has(
    `tool step ${name}`,
    of(g, 'tool').some((s) => cfg(s).tool_name === name),
  );
const noToolSteps = (g: WorkflowGraph) => has('no tool step', of(g, 'tool').length === 0);
const condition = (expression: string) => (g: WorkflowGraph) =>
  has(
    `condition ${expression}`,
    of(g, 'condition').some((s) => (cfg(s).branches as { expression: string }[]).some((b) => b.expression === expression)),
  );
const emailTo = (g: WorkflowGraph) =>
  has(
    'an email to the applicant',
    of(g, 'notification').some((s) => cfg(s).channel === 'email' && cfg(s).to === '{{data.email}}'),
  );
const ends =
  (...outcomes: string[]) =>
  (g: WorkflowGraph) =>
    has(
      `ends ${outcomes.join(', ')}`,
      outcomes.every((o) => of(g, 'end').some((s) => cfg(s).outcome === o)),
    );
const stepOf = (type: string, extra?: (c: Record<string, unknown>) => boolean) => (g: WorkflowGraph) =>
  has(
    `a ${type} step`,
    of(g, type).some((s) => !extra || extra(cfg(s))),
  );

export const WORKFLOW_CASES: readonly WorkflowCase[] = [
  {
    id: 'individual-kyc',
    description:
      'Individual KYC: collect full name, email, date of birth, address and nationality, ask for a passport and proof of address, screen against sanctions, then a compliance officer approves within 48 hours and we email the applicant the outcome.',
    checks: [
      field('date_of_birth', 'date'),
      field('identity_document', 'file'),
      field('proof_of_address', 'file'),
      toolStep('sanctions_screening'),
      approvalBy('compliance_officer', 48),
      emailTo,
      ends('approved', 'rejected'),
    ],
  },
  {
    id: 'business-kyb',
    description:
      'Business onboarding (KYB): ask for the company name, company registration number and VAT number, upload the certificate of incorporation, look the company up in the company register, and a manager reviews it.',
    checks: [
      field('company_name'),
      field('company_number'),
      field('tax_id'),
      field('company_documents', 'file'),
      toolStep('company_register_lookup'),
      approvalBy('manager'),
    ],
  },
  {
    id: 'small-loan',
    description:
      'Loan application: collect name, email, annual income and the loan amount, run a credit check; if the amount is over 10000 an operator must review it, otherwise approve automatically. Email the applicant.',
    checks: [
      field('annual_income', 'number'),
      field('amount', 'number'),
      toolStep('credit_bureau_score'),
      condition('data.amount > 10000'),
      approvalBy('operator'),
      emailTo,
    ],
  },
  {
    id: 'newsletter',
    description: 'Newsletter sign-up: collect name and email and the consent to the privacy policy, then send a confirmation email.',
    checks: [field('consent', 'checkbox'), emailTo, ends('completed')],
  },
  {
    id: 'ai-summary',
    description:
      'Account opening: collect the applicant details and employment, have AI summarise the application for the reviewer, then an operator decides within 1 day.',
    checks: [field('occupation'), stepOf('ai', (c) => c.mode === 'summary'), approvalBy('operator', 24)],
  },
  {
    id: 'fraud-no-tool',
    description: 'Card application with a fraud check and a review by a manager.',
    checks: [noToolSteps, approvalBy('manager')],
  },
  {
    id: 'cooling-off',
    description:
      'Insurance application: collect name, email and phone, wait 2 days for the cooling-off period, then an operator reviews it and we inform the customer.',
    checks: [field('phone'), stepOf('delay', (c) => c.amount === 2 && c.unit === 'days'), approvalBy('operator'), emailTo],
  },
  {
    id: 'webhook',
    description: 'Lead intake from the website: collect name, email and company name, post a webhook to https://crm.example.com/hooks/leads, no review needed.',
    checks: [stepOf('notification', (c) => c.channel === 'webhook' && c.to === 'https://crm.example.com/hooks/leads'), ends('completed')],
  },
  {
    id: 'address-change',
    description: 'Address change: the customer gives their new address and uploads a utility bill; notify the team; an operator checks it within 8 hours.',
    checks: [field('address'), field('proof_of_address', 'file'), stepOf('notification', (c) => c.channel === 'internal'), approvalBy('operator', 8)],
  },
  {
    id: 'high-risk-score',
    description:
      'Merchant onboarding: collect company name, IBAN and monthly turnover, get a credit score from the bureau; when the turnover is above 50k a compliance officer must sign off within 3 days.',
    checks: [
      field('iban'),
      toolStep('credit_bureau_score'),
      approvalBy('compliance_officer', 72),
      (g) => has('a turnover condition', of(g, 'condition').length === 1),
    ],
  },
];

export interface ToolCase {
  id: string;
  description: string;
  checks: ((t: GeneratedTool) => string | null)[];
}

const type = (t: string) => (g: GeneratedTool) => has(`type ${t}`, g.tool_type === t);
const conf = (key: string, value: unknown) => (g: GeneratedTool) =>
  has(`${key} = ${JSON.stringify(value)}`, JSON.stringify(g.config[key]) === JSON.stringify(value));
const input =
  (...keys: string[]) =>
  (g: GeneratedTool) =>
    has(
      `inputs ${keys.join(', ')}`,
      keys.every((k) => Object.hasOwn((g.input_schema.properties ?? {}) as object, k)),
    );
const named = (re: RegExp) => (g: GeneratedTool) => has(`a name like ${re}`, re.test(g.name));

export const TOOL_CASES: readonly ToolCase[] = [
  {
    id: 'crm-get',
    description: 'Look up a customer in our CRM by customer id: GET https://crm.example.com/api/customers/{customer_id}',
    checks: [
      type('http_request'),
      conf('method', 'GET'),
      conf('url', 'https://crm.example.com/api/customers/{{input.customer_id}}'),
      input('customer_id'),
      named(/crm|customer/),
    ],
  },
  {
    id: 'register-post',
    description:
      'Submit a new company to the registry service with a POST to https://registry.example.org/v1/companies with the company name and company number, using our API key',
    checks: [
      type('http_request'),
      conf('method', 'POST'),
      input('company_name', 'company_number'),
      (t) => has('bearer secret', JSON.stringify(t.config.headers).includes('{{secrets.API_KEY}}')),
    ],
  },
  {
    id: 'sanctions-query',
    description: 'Screen a person against sanctions lists: GET https://screening.example.net/check with their full name, date of birth and country',
    checks: [
      type('http_request'),
      input('full_name', 'date_of_birth', 'country'),
      (t) => has('query parameters', Object.keys(t.config.query as object).length === 3),
    ],
  },
  {
    id: 'slack-webhook',
    description: 'Webhook that notifies our Slack at https://hooks.slack.example.com/services/T1/B2 when an application is approved, signed with HMAC',
    checks: [type('webhook'), conf('url', 'https://hooks.slack.example.com/services/T1/B2'), conf('signing_secret', 'WEBHOOK_SECRET')],
  },
  {
    id: 'join-names',
    description: 'Combine first name and last name into a full name',
    checks: [
      type('transform'),
      (t) => has('full_name mapping', (t.config.mapping as Record<string, string>).full_name === 'input.first_name + " " + input.last_name'),
      input('first_name', 'last_name'),
    ],
  },
  {
    id: 'normalize-email',
    description: 'Normalize an email address to lower case without spaces',
    checks: [
      type('transform'),
      input('email'),
      (t) => has('lower(trim()) mapping', Object.values(t.config.mapping as object).includes('lower(trim(input.email))')),
    ],
  },
  {
    id: 'mcp-proxy',
    description: 'Use the MCP server at https://mcp.partner.example/mcp and call its tool named verify_identity',
    checks: [type('mcp_proxy'), conf('server_url', 'https://mcp.partner.example/mcp'), conf('remote_tool', 'verify_identity')],
  },
  {
    id: 'no-url',
    description: 'Fetch the exchange rate for an amount in a country currency',
    checks: [type('http_request'), (t) => has('the example host, said so', String(t.config.url).includes('api.example.com')), input('amount', 'country')],
  },
  {
    id: 'iban-check',
    description: 'Validate an IBAN with GET https://iban.example.com/validate/{iban}',
    checks: [type('http_request'), conf('url', 'https://iban.example.com/validate/{{input.iban}}'), input('iban'), named(/iban/)],
  },
  {
    id: 'vat',
    description: 'Calculate the amount with VAT for an amount',
    checks: [type('transform'), (t) => has('VAT mapping', (t.config.mapping as Record<string, string>).amount_with_vat === 'input.amount * 1.2')],
  },
];

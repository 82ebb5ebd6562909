import type { ToolTypeName } from './tool-types/tool-type.ts';

/** A starting point for a new tool (`GET /admin/tools/generic/templates?tool_type=`). */
export interface ToolTemplate {
  key: string;
  tool_type: ToolTypeName;
  name: string;
  title: string;
  description: string;
  config: Record<string, unknown>;
  input_schema: Record<string, unknown>;
  /** Secrets an environment's configuration should set (names only). */
  secrets: string[];
}

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false });

export const TOOL_TEMPLATES: readonly ToolTemplate[] = [
  {
    key: 'rest-get-json',
    tool_type: 'http_request',
    name: 'lookup_customer',
    title: 'REST GET (JSON)',
    description: 'Reads one record from a JSON API by id, with an API key header.',
    config: {
      method: 'GET',
      url: 'https://api.example.com/customers/{{input.customer_id}}',
      headers: { Accept: 'application/json', 'X-API-Key': '{{secrets.API_KEY}}' },
      query: {},
      body_template: '',
      timeout_ms: 10_000,
      retries: 1,
      max_response_bytes: 1024 * 1024,
      result_path: '',
    },
    input_schema: object({ customer_id: { type: 'string', description: 'The customer id in the other system', minLength: 1 } }, ['customer_id']),
    secrets: ['API_KEY'],
  },
  {
    key: 'rest-post-json',
    tool_type: 'http_request',
    name: 'create_case',
    title: 'REST POST (JSON)',
    description: 'Creates a record in a JSON API from the input, with a bearer token.',
    config: {
      method: 'POST',
      url: 'https://api.example.com/cases',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer {{secrets.TOKEN}}' },
      query: {},
      body_template: '{\n  "subject": "{{input.subject}}",\n  "amount": "{{input.amount}}",\n  "source": "admin-portal"\n}',
      timeout_ms: 15_000,
      retries: 0,
      max_response_bytes: 1024 * 1024,
      result_path: '',
    },
    input_schema: object({ subject: { type: 'string', minLength: 1 }, amount: { type: 'number', minimum: 0 } }, ['subject']),
    secrets: ['TOKEN'],
  },
  {
    key: 'sanctions-screening',
    tool_type: 'http_request',
    name: 'screen_sanctions',
    title: 'Sanctions screening (GET with query)',
    description: 'Screens a name and birth date against a screening API; answers only its matches.',
    config: {
      method: 'GET',
      url: 'https://screening.example.com/v1/search',
      headers: { Authorization: 'Bearer {{secrets.TOKEN}}' },
      query: { name: '{{input.full_name}}', dob: '{{input.date_of_birth}}' },
      body_template: '',
      timeout_ms: 10_000,
      retries: 2,
      max_response_bytes: 1024 * 1024,
      result_path: 'matches',
    },
    input_schema: object({ full_name: { type: 'string', minLength: 1 }, date_of_birth: { type: 'string', format: 'date' } }, ['full_name']),
    secrets: ['TOKEN'],
  },
  {
    key: 'webhook-notify',
    tool_type: 'webhook',
    name: 'notify_crm',
    title: 'Webhook notification',
    description: 'Posts an event to another system, signed with HMAC-SHA256 so it can check the sender.',
    config: {
      url: 'https://hooks.example.com/onboarding',
      headers: {},
      payload_template: '{\n  "event": "{{input.event}}",\n  "application_id": "{{input.application_id}}",\n  "environment": "{{environment}}"\n}',
      signing_secret: 'WEBHOOK_SECRET',
      timeout_ms: 10_000,
      retries: 2,
    },
    input_schema: object({ event: { type: 'string', enum: ['approved', 'rejected', 'needs_review'] }, application_id: { type: 'string' } }, [
      'event',
      'application_id',
    ]),
    secrets: ['WEBHOOK_SECRET'],
  },
  {
    key: 'field-mapping',
    tool_type: 'transform',
    name: 'normalize_applicant',
    title: 'Field mapping',
    description: 'Builds a normalized applicant record from form answers, without any network call.',
    config: {
      mapping: {
        full_name: 'trim(input.first_name) + " " + trim(input.last_name)',
        email: 'lower(trim(input.email))',
        adult: 'years_since(input.date_of_birth) >= 18',
      },
    },
    input_schema: object(
      {
        first_name: { type: 'string' },
        last_name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        date_of_birth: { type: 'string', format: 'date' },
      },
      ['first_name', 'last_name', 'email', 'date_of_birth'],
    ),
    secrets: [],
  },
  {
    key: 'mcp-proxy',
    tool_type: 'mcp_proxy',
    name: 'partner_lookup',
    title: 'Tool of another MCP server',
    description: "Forwards the input to a partner's MCP server tool.",
    config: {
      server_url: 'https://mcp.partner.example.com/mcp',
      remote_tool: 'lookup_company',
      headers: { Authorization: 'Bearer {{secrets.TOKEN}}' },
      timeout_ms: 10_000,
    },
    input_schema: object({ registration_number: { type: 'string', minLength: 1 } }, ['registration_number']),
    secrets: ['TOKEN'],
  },
];

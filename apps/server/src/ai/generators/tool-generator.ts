/**
 * The built-in tool generator: a description in plain words → a tool definition (MCP name, type, type config, input
 * schema) that passes the same checks as one made by hand. It takes the URL, the method, the MCP server and the
 * input fields the description names; it never invents a host (a description without a URL gets the type's example
 * host and says so).
 */
import { validateToolConfig } from '@admin-portal/contract/tools/tool-types/registry';
import type { ToolTypeName } from '@admin-portal/contract/tools/tool-types/tool-type';

export interface GeneratedTool {
  name: string;
  description: string;
  tool_type: ToolTypeName;
  config: Record<string, unknown>;
  input_schema: Record<string, unknown>;
  assumptions: string[];
}

const STOP = new Set(
  'a an the to of for and or with by from in on at that this which its their it is are be calls call tool using use via into our my your new api endpoint service returns return get gets fetch fetches send sends post posts lookup look up check checks'.split(
    ' ',
  ),
);

/** Input fields descriptions name, with their JSON Schema types. */
const INPUTS: readonly [RegExp, string, Record<string, unknown>][] = [
  [/\bcustomer[ _]id\b/, 'customer_id', { type: 'string' }],
  [/\bapplication[ _]id\b/, 'application_id', { type: 'string' }],
  [/\b(company|registration) (number|no)\b|\bcompany_number\b/, 'company_number', { type: 'string' }],
  [/\bcompany'?s? name\b|\b(company|business|firm) by (its )?name\b|\bname of the (company|business|firm)\b/, 'company_name', { type: 'string' }],
  [/\bfirst name\b/, 'first_name', { type: 'string' }],
  [/\blast name|surname\b/, 'last_name', { type: 'string' }],
  // A person's name only where the description says so: "name" alone (a tool's, a file's, a company's) is no input.
  [
    /\bfull name\b|\b(applicant|customer|person|individual|client|user|their|his|her)'?s? (full )?name\b|\b(person|individual|customer|applicant|someone) by (their )?name\b/,
    'full_name',
    { type: 'string' },
  ],
  [/\be-?mail\b/, 'email', { type: 'string', format: 'email' }],
  [/\bphone\b/, 'phone', { type: 'string' }],
  [/\b(date of birth|birth ?date|dob)\b/, 'date_of_birth', { type: 'string', format: 'date' }],
  [/\bcountry\b/, 'country', { type: 'string' }],
  [/\biban\b/, 'iban', { type: 'string' }],
  [/\bpost ?code|zip\b/, 'postcode', { type: 'string' }],
  [/\baddress\b/, 'address', { type: 'string' }],
  [/\bamount\b/, 'amount', { type: 'number' }],
  [/\bincome\b/, 'annual_income', { type: 'number' }],
  [/\bscore\b/, 'score', { type: 'number' }],
  [/\bvat|tax id\b/, 'tax_id', { type: 'string' }],
];

function nameOf(description: string, given?: string): string {
  const raw =
    given?.trim() ||
    description
      .toLowerCase()
      .replace(/https?:\/\/\S+/g, ' ')
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1 && !STOP.has(w))
      .slice(0, 4)
      .join('_');
  const clean = raw
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return clean || 'generated_tool';
}

export function generateTool(description: string, options: { name?: string; takenNames?: ReadonlySet<string> } = {}): GeneratedTool {
  const text = description.toLowerCase();
  const assumptions: string[] = [];
  const url = /(https?:\/\/[^\s,;"'<>)]+)/.exec(description)?.[1]?.replace(/[.]+$/, '');

  const inputs: Record<string, Record<string, unknown>> = {};
  for (const [re, key, schema] of INPUTS) if (re.test(text) && !(key === 'full_name' && (inputs.first_name || inputs.company_name))) inputs[key] = schema;
  for (const m of description.matchAll(/\{\{\s*input\.([a-z_][a-z0-9_]*)\s*\}\}|\{([a-z_][a-z0-9_]*)\}/gi)) inputs[(m[1] ?? m[2])!] ??= { type: 'string' };

  let type: GeneratedTool['tool_type'];
  let config: Record<string, unknown>;
  if (/\bmcp\b/.test(text)) {
    type = 'mcp_proxy';
    const remote = /\b(?:tool|function)\s+(?:called|named)?\s*["'`]?([A-Za-z0-9_.-]{2,64})["'`]?/.exec(description)?.[1] ?? nameOf(description);
    config = { server_url: url ?? 'https://mcp.example.com/mcp', remote_tool: remote, headers: {}, timeout_ms: 10_000 };
    if (!url) assumptions.push('No MCP server address was given: set the server URL before testing.');
    assumptions.push(`Calls the remote tool "${remote}".`);
  } else if (/\bwebhook\b|\bnotify\b|\bpush\b/.test(text) && url) {
    type = 'webhook';
    config = {
      url,
      headers: {},
      payload_template: '',
      signing_secret: /\bsign(ed|ature)?|hmac\b/.test(text) ? 'WEBHOOK_SECRET' : '',
      timeout_ms: 10_000,
      retries: 2,
    };
    if (config.signing_secret) assumptions.push('Signs each payload with the environment secret WEBHOOK_SECRET (add it to the tool’s configuration).');
  } else if (!url && /\b(combine|join|concatenat|comput|calculat|format|transform|map|derive|convert|normali[sz]e|upper|lower)\w*/.test(text)) {
    type = 'transform';
    const mapping: Record<string, string> = {};
    if (inputs.first_name && inputs.last_name) mapping.full_name = 'input.first_name + " " + input.last_name';
    if (/\bupper/.test(text)) for (const k of Object.keys(inputs).slice(0, 2)) mapping[`${k}_upper`] = `upper(input.${k})`;
    if (/\blower|normali[sz]e/.test(text))
      for (const k of Object.keys(inputs)
        .filter((k) => inputs[k]!.type === 'string')
        .slice(0, 2))
        mapping[`${k}_normalized`] = `lower(trim(input.${k}))`;
    if (/\b(vat|tax)\b/.test(text) && inputs.amount) mapping.amount_with_vat = 'input.amount * 1.2';
    if (Object.keys(mapping).length === 0) {
      const first = Object.keys(inputs)[0];
      mapping.result = `input.${first ?? 'value'}`;
      if (!first) inputs.value = { type: 'string' };
      assumptions.push(
        first
          ? 'The description does not say how to compute the result: the mapping passes the first input through; edit it.'
          : 'The description names no input and no computation: the mapping passes one input, "value", through; rename it and edit the mapping.',
      );
    }
    config = { mapping };
  } else {
    type = /\bwebhook\b/.test(text) ? 'webhook' : 'http_request';
    const method = /\b(create|submit|post|send|register|upload|open)\b/.test(text)
      ? 'POST'
      : /\b(update|change|put)\b/.test(text)
        ? 'PUT'
        : /\bdelete|remove\b/.test(text)
          ? 'DELETE'
          : 'GET';
    let target = url ?? 'https://api.example.com/resource/{{input.id}}';
    if (!url) assumptions.push('No address was given: the URL is an example (api.example.com); set the real one before testing.');
    // Path placeholders written as {field} become templates over the input.
    target = target.replace(/\{([a-z_][a-z0-9_]*)\}/gi, '{{input.$1}}');
    if (type === 'webhook') config = { url: target, headers: {}, payload_template: '', signing_secret: '', timeout_ms: 10_000, retries: 2 };
    else {
      const headers: Record<string, string> = /\b(api key|apikey|token|bearer|authori[sz])\w*/.test(text)
        ? { Authorization: 'Bearer {{secrets.API_KEY}}' }
        : {};
      if (headers.Authorization) assumptions.push('Sends the environment secret API_KEY as a bearer token (add it to the tool’s configuration).');
      const query: Record<string, string> = {};
      if (method === 'GET' && !/\{\{input\./.test(target)) for (const k of Object.keys(inputs).slice(0, 3)) query[k] = `{{input.${k}}}`;
      config = {
        method,
        url: target,
        headers,
        query,
        body_template: '',
        timeout_ms: 10_000,
        retries: method === 'GET' ? 2 : 0,
        max_response_bytes: 1024 * 1024,
        result_path: '',
      };
      assumptions.push(
        `${method} request${method === 'GET' && Object.keys(query).length ? ` with ${Object.keys(query).join(', ')} as query parameters` : method !== 'GET' ? '; the input is sent as the JSON body' : ''}.`,
      );
    }
  }
  for (const m of String(config.url ?? config.server_url ?? '').matchAll(/\{\{input\.([a-z_][a-z0-9_]*)\}\}/gi)) inputs[m[1]!] ??= { type: 'string' };
  if (Object.keys(inputs).length === 0) assumptions.push('The description names no input: the input schema accepts any object.');

  let name = nameOf(description, options.name);
  if (options.takenNames?.has(name)) {
    let n = 2;
    while (options.takenNames.has(`${name.slice(0, 60)}_${n}`)) n += 1;
    assumptions.push(`"${name}" is taken in this organization: named "${name.slice(0, 60)}_${n}".`);
    name = `${name.slice(0, 60)}_${n}`;
  }
  const check = validateToolConfig(type, config);
  if (!check.valid) throw new Error(`The generated ${type} configuration is not valid: ${check.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  const required = Object.keys(inputs);
  return {
    name,
    description: description.trim().slice(0, 2000),
    tool_type: type,
    config: check.config!,
    input_schema: required.length ? { type: 'object', properties: inputs, required } : { type: 'object', properties: {}, additionalProperties: true },
    assumptions,
  };
}

import { z } from 'zod';
import { headersSchema, jsonTemplate, maxResponseBytes, retries, templateString, timeoutMs, urlTemplate } from './common.ts';
import { defineToolType } from './tool-type.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const httpRequestTool = defineToolType({
  type: 'http_request',
  label: 'HTTP request',
  description: 'Calls an HTTP API: method, URL, headers, query and body filled from the input; answers its JSON (or text).',
  icon: 'globe',
  config: z.object({
    method: z.enum(HTTP_METHODS).default('GET'),
    url: urlTemplate.describe('e.g. https://api.example.com/customers/{{input.customer_id}}'),
    headers: headersSchema.describe('Header → value; {{secrets.API_KEY}} reads a secret of the environment'),
    query: z.record(z.string().trim().min(1).max(100), templateString(2000)).default({}).describe('Query parameter → value'),
    body_template: jsonTemplate.default('').describe('JSON body for POST, PUT and PATCH; empty sends the input as it is'),
    timeout_ms: timeoutMs,
    retries: retries.describe('Retries after a network error, a timeout or a 5xx answer'),
    max_response_bytes: maxResponseBytes,
    result_path: z.string().trim().max(200).default('').describe('Answer only this field of the JSON response (e.g. data.items)'),
  }),
  defaults: {
    method: 'GET',
    url: 'https://api.example.com/resource/{{input.id}}',
    headers: {},
    query: {},
    body_template: '',
    timeout_ms: 10_000,
    retries: 0,
    max_response_bytes: 1024 * 1024,
    result_path: '',
  },
  outbound: true,
  retries: true,
});

import { z } from 'zod';
import { checkExpression } from '../../workflows/expression.ts';

/** Placeholders a template may use: {{input.x}}, {{config.x}}, {{secrets.X}}, {{environment}}. */
export const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*(?:\.[a-zA-Z0-9_-]+)*)\s*\}\}/g;
export const PLACEHOLDER_ROOTS = ['input', 'config', 'secrets', 'environment'] as const;

/** A string with placeholders whose roots are known. */
export const templateString = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((value, ctx) => {
      for (const match of value.matchAll(PLACEHOLDER)) {
        const root = match[1]!.split('.')[0]!;
        if (!(PLACEHOLDER_ROOTS as readonly string[]).includes(root)) {
          ctx.addIssue({ code: 'custom', message: `Unknown placeholder {{${match[1]}}}: use input., config., secrets. or environment` });
        }
      }
    });

/** A URL template: http(s), placeholders allowed anywhere after the scheme. */
export const urlTemplate = templateString(2000).refine((v) => /^https?:\/\/\S+$/i.test(v.trim()), 'Enter an http:// or https:// URL');

export const headerName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'Not a valid header name')
  .max(100);
export const headersSchema = z.record(headerName, templateString(4000)).default({});

/** A JSON document with placeholders: must parse as JSON (a string that is only a placeholder keeps its value's type). */
export const jsonTemplate = templateString(20_000).superRefine((value, ctx) => {
  if (value.trim() === '') return;
  try {
    JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Must be valid JSON (put placeholders inside strings: "{{input.amount}}")' });
  }
});

export const timeoutMs = z.number().int().min(100, 'At least 100 ms').max(30_000, 'At most 30000 ms').default(10_000);
export const retries = z.number().int().min(0).max(3).default(0);
export const maxResponseBytes = z
  .number()
  .int()
  .min(1024)
  .max(5 * 1024 * 1024)
  .default(1024 * 1024);

/** An expression of the workflow condition language, over {input, config, environment}. */
export const expressionString = z
  .string()
  .trim()
  .min(1, 'Expression is required')
  .max(2000)
  .superRefine((v, ctx) => {
    const problem = checkExpression(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidationError } from '@admin-portal/contract/common';
import { ajvRegExp, patternProblem, schemaPatterns } from '@admin-portal/contract/patterns';

/*
 * A tool's input (and output) schema must be a valid JSON Schema (draft 2020-12) describing an object, as MCP
 * requires of a tool's inputSchema. Checked against the meta-schema and compiled once, so a schema that
 * cannot be used (an unresolvable $ref) is refused when saved, not when the tool runs. Its patterns must run on
 * the linear-time engine runs use (patterns.ts): one with a back-reference or look-around is refused here, at
 * its place (`input_schema.properties.code.pattern`).
 */
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, code: { regExp: ajvRegExp } });

export function schemaProblems(field: 'input_schema' | 'output_schema', schema: Record<string, unknown>): ValidationError[] {
  if (!ajv.validateSchema(schema)) {
    return (ajv.errors ?? []).map((e) => ({
      field: `${field}${e.instancePath.replace(/\//g, '.')}`,
      message: `Not a valid JSON Schema: ${e.message ?? 'invalid'}`,
    }));
  }
  if (field === 'input_schema' && schema.type !== 'object') {
    return [{ field, message: 'An input schema describes an object: set "type": "object"' }];
  }
  const patterns = schemaPatterns(schema).flatMap(({ path, pattern }) => {
    const problem = patternProblem(pattern);
    return problem ? [{ field: [field, ...path].join('.'), message: problem }] : [];
  });
  if (patterns.length > 0) return patterns;
  try {
    ajv.compile(schema);
  } catch (error) {
    return [{ field, message: `The schema cannot be used: ${error instanceof Error ? error.message : String(error)}` }];
  }
  return [];
}

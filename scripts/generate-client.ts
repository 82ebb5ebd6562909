/**
 * `npm run client:generate` (issue 38): the typed client's types from the served OpenAPI document
 * (scripts/openapi-document.ts), by openapi-typescript, into packages/client/src/schema.ts. A test
 * (packages/client/src/schema.test.ts) fails when the committed file no longer matches the document.
 *
 *   node scripts/generate-client.ts [--check]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(import.meta.dirname, '..');
export const SCHEMA_FILE = path.join(root, 'packages/client/src/schema.ts');

const HEADER = `/**
 * The Admin Portal API's types, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: run \`npm run client:generate\` after changing an endpoint (a test checks this file is current).
 */

`;

/** The schema file's text for the current document. */
export async function generatedSchema(): Promise<string> {
  const document = execFileSync(process.execPath, [path.join(root, 'scripts/openapi-document.ts')], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).toString();
  const ast = await openapiTS(JSON.parse(document), { alphabetize: false, exportType: false, rootTypes: false });
  return HEADER + astToString(ast);
}

if (import.meta.main) {
  const text = await generatedSchema();
  if (process.argv.includes('--check')) {
    const current = readFileSync(SCHEMA_FILE, 'utf8');
    if (current !== text) {
      console.error('packages/client/src/schema.ts is out of date: run npm run client:generate');
      process.exit(1);
    }
  } else {
    writeFileSync(SCHEMA_FILE, text);
    console.log(`wrote ${path.relative(root, SCHEMA_FILE)} (${Math.round(text.length / 1024)} KB)`);
  }
}

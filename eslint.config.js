// ESLint flat config: TypeScript recommended rules everywhere, plus one-way imports between layers
// (STYLE.md §3: web app/ → features/<domain>/ → shared/, no feature imports another;
// server db/, http/ and security/ never reach into modules/, engine/ or ai/).
import fs from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'];
const WEB_SRC = 'apps/web/src';

/** The web app's feature folders, read when lint starts so a new feature is covered without editing this file. */
function webFeatures() {
  try {
    return fs
      .readdirSync(new URL(`./${WEB_SRC}/features/`, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Imports reaching a top-level folder of a source root, by alias or by climbing relative path. */
const reaches = (folders, alias = '@/') => [`^${escape(alias)}(${folders})(/|$)`, `^(\\.\\./)+(${folders})(/|$)`];
const restrict = (regexes, message) => regexes.map((regex) => ({ regex, message }));

const appOrFeatures = restrict(
  reaches('app|features'),
  'shared/ is the bottom layer: it must not import from app/ or features/ (move the code down into shared/ or pass it in).',
);
const appLayer = restrict(reaches('app'), 'A feature must not import from app/: app/ composes features, not the other way round.');

function featureBlocks() {
  return webFeatures().map((feature) => {
    const others = webFeatures().filter((f) => f !== feature);
    const crossFeature = [
      `^@/features/(?!${escape(feature)}(/|$))`,
      `^(\\.\\./)+features/(?!${escape(feature)}(/|$))`,
      ...(others.length ? [`^(\\.\\./)+(${others.map(escape).join('|')})(/|$)`] : []),
    ];
    return {
      name: `boundaries/web-feature-${feature}`,
      files: [`${WEB_SRC}/features/${feature}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...appLayer,
              ...restrict(
                crossFeature,
                `Features never import each other (features/${feature} → another feature): compose them in app/, or move the shared part to shared/.`,
              ),
            ],
          },
        ],
      },
    };
  });
}

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'apps/*/dist-*/', // extra web builds made by tests (dist-<name>)
    'data/',
    'apps/*/data/',
    '**/.data-test*/',
    '**/test-results/',
    '**/playwright-report/',
    '**/coverage/',
    'bench/results/',
  ]),
  {
    name: 'typescript',
    files: TS_FILES,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    name: 'web',
    files: [`${WEB_SRC}/**`],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'e2e',
    files: ['e2e/**', 'playwright.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    name: 'boundaries/web-shared',
    files: [`${WEB_SRC}/shared/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: appOrFeatures }] },
  },
  ...featureBlocks(),
  {
    // The applicant's page (ADR 0056) is its own small entry: none of the staff app, React or zod reaches it. Of the
    // contract it loads only the zod-free texts and answer rules; the API's schemas are for their types.
    name: 'boundaries/web-apply',
    files: [`${WEB_SRC}/apply/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(app|features|shared|main|sign-in)(/|\.|$)|^@/`,
              message: "The applicant's page imports nothing of the staff app (ADR 0056).",
            },
            {
              regex: '^(react|react-dom|react-router|react-bootstrap|bootstrap|@tanstack/|zod)(/|$)',
              message: "The applicant's page runs on Preact with its own styles (ADR 0056).",
            },
            {
              regex: '^@admin-portal/contract/(?!applicant/texts$|applications/form-answers$)',
              allowTypeImports: true,
              message: "The applicant's page loads only the contract's zod-free texts and answer rules; import the API's schemas as types.",
            },
          ],
        },
      ],
    },
  },
  {
    name: 'boundaries/server-db-http-security',
    files: ['apps/server/src/db/**', 'apps/server/src/http/**', 'apps/server/src/security/**'],
    // Tests stand outside the layers: they build the whole app.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: restrict(
            [String.raw`^(\.\./)+(modules|engine|ai)(/|$)`, String.raw`^@admin-portal/server/src/(modules|engine|ai)(/|$)`],
            'db/, http/ and security/ are the bottom of the server: they must not import from modules/, engine/ or ai/ (register behaviour from above, or declare a decoration where it is provided).',
          ),
        },
      ],
    },
  },
  ...[
    ['apps/server/src/engine/*.ts', '../'],
    ['apps/server/src/engine/*/*.ts', '../../'],
  ].map(([files, up]) => ({
    name: `boundaries/server-engine (${files})`,
    files: [files],
    // The engine's tests stand outside: they set up workflows and users with the modules' factories.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: restrict(
            [String.raw`^${up.replaceAll('.', String.raw`\.`)}(modules|http|ai)(/|$)`, String.raw`^@admin-portal/server/src/(modules|http|ai)(/|$)`],
            'engine/ must not import from modules/, http/ or ai/: what it needs from outside comes through its ports (engine/ports.ts), wired in app.ts (docs/decisions/0053).',
          ),
        },
      ],
    },
  })),
  {
    name: 'boundaries/server-ai',
    files: ['apps/server/src/ai/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: restrict(
            [String.raw`^(\.\./)+modules(/|$)`, String.raw`^@admin-portal/server/src/modules(/|$)`, String.raw`^(\.\./)+engine/(?!commands\.ts$)`],
            'ai/ imports no module: the product facts it reads are handed to it (modules/ai/product-facts.ts, wired in app.ts), and it reaches the engine only through engine/commands.ts (docs/decisions/0053).',
          ),
        },
      ],
    },
  },
  ...[
    {
      files: ['apps/server/src/modules/**'],
      message: "A module's SQL lives in its *.queries.ts files: move the statement into one, as a function named for what it does (docs/decisions/0053).",
    },
    {
      files: ['apps/server/src/engine/**'],
      // The engine's state files: a case and its visits, its events, its jobs.
      state: ['apps/server/src/engine/transitions.ts', 'apps/server/src/engine/events.ts', 'apps/server/src/engine/jobs.ts'],
      message:
        "The engine's SQL lives in transitions.ts, events.ts, jobs.ts and engine/*.queries.ts: move the statement into one, as a function named for what it does (docs/decisions/0053).",
    },
  ].map(({ files, state = [], message }) => ({
    name: `server/sql-in-queries (${files[0]})`,
    files,
    // Tests set up their data with SQL of their own.
    ignores: ['**/*.test.ts', '**/*.queries.ts', ...state],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='query']",
          "TaggedTemplateExpression[tag.name='sql']",
          "CallExpression[callee.object.name='sql']",
          'ImportDeclaration[source.value=/\\/db\\/sql\\.ts$/]',
        ].map((selector) => ({ selector, message })),
      ],
    },
  })),
  {
    name: 'boundaries/server-engine-surface',
    files: ['apps/server/src/modules/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: restrict(
            [String.raw`^(\.\./)+engine/(?!commands\.ts$)`, String.raw`^@admin-portal/server/src/engine/(?!commands\.ts$)`],
            'Modules and the AI reach the engine only through engine/commands.ts, its public surface (docs/decisions/0053).',
          ),
        },
      ],
    },
  },
);

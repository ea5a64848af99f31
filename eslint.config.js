import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';

/*
 * Web boundaries (ARCHITECTURE.md, "Layout: areas as units"): imports go shared ← features ← app.
 * A file of features/<A>/ may not import another area's folder nor app/; shared/ may import
 * neither features/ nor app/. Imports are relative, so a pattern matches the first folder an
 * import climbs to ("../../member/...", "../../../app/...").
 */
const WEB_SRC = 'apps/web/src';
const WEB_AREAS = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const climbsTo = (folders) => `^(\\.\\./)+(features/)?(${folders.join('|')})(/|$)`;
const appImport = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'The app shell composes features and shared code; they do not import it.',
};
const webBoundaries = [
  ...WEB_AREAS.map((area) => ({
    files: [`${WEB_SRC}/features/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: climbsTo(WEB_AREAS.filter((a) => a !== area)),
              message: `features/${area} may not import another area: move the shared code to shared/.`,
            },
            appImport,
          ],
        },
      ],
    },
  })),
  {
    files: [`${WEB_SRC}/shared/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features(/|$)',
              message: 'shared/ may not import features/.',
            },
            appImport,
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webBoundaries,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // Server routes parse, check, call a service and answer: the queries live in repositories.
    files: ['apps/server/src/modules/**/routes.ts', 'apps/server/src/modules/**/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Queries belong in the repository (repo.ts).' }],
          patterns: [
            {
              group: ['**/db/*', '**/db/**', '!**/db/schema.js'],
              message: 'Queries belong in the repository (repo.ts).',
            },
            { group: ['**/repo.js'], message: 'Routes call services, not repositories.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|transaction)$/]',
          message: 'Queries belong in the repository (repo.ts).',
        },
        {
          selector: 'MemberExpression[property.name="db"]',
          message: 'Routes do not touch the database: call a service.',
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"]',
          message: 'Queries belong in the repository (repo.ts).',
        },
      ],
    },
  },
  {
    // dayjs speaks the interface language (the date pickers' week and month names) only once
    // shared/utils/dayjs.ts has set its locale: the web imports dayjs from there.
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    ignores: [`${WEB_SRC}/shared/utils/dayjs.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='dayjs'] > ImportDefaultSpecifier",
          message: 'Import { dayjs } from shared/utils/dayjs: it sets the interface language.',
        },
      ],
    },
  },
  {
    // Services take an Actor and plain values, never Fastify's request or reply.
    files: ['apps/server/src/modules/**/service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              message: 'Services take an Actor (platform/actor.ts), not a request.',
            },
            {
              name: 'fastify-type-provider-zod',
              message: 'Services take an Actor (platform/actor.ts), not a request.',
            },
          ],
        },
      ],
    },
  },
);

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The web app's layers (docs/architecture.md): shared (ui, api, project, test helpers) → features
// → app. Each feature is one zone that may import only itself and the shared layers, so a new
// feature folder is covered without touching this file.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const TSCONFIGS = ['apps/web', 'apps/server', 'packages/contract'].map((dir) => `${ROOT}${dir}/tsconfig.json`);
const WEB = './apps/web/src';
const features = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to a shared layer (ui, api, project), or compose them in app/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features never import app/: app composes features, not the other way round.',
  },
  {
    target: [`${WEB}/ui`, `${WEB}/api`, `${WEB}/project`, `${WEB}/test`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared layers never import a feature or app/.',
  },
  {
    target: [`${WEB}/ui`, `${WEB}/api`],
    from: `${WEB}/project`,
    message: 'ui/ and api/ know no business: they never import the project layer.',
  },
];

// Server modules never import each other: what several share lives in access/, analytics/, http/.
const SERVER = './apps/server/src/modules';
const serverModules = readdirSync(new URL('apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = serverModules.map((mod) => ({
  target: `${SERVER}/${mod}`,
  from: SERVER,
  except: [`./${mod}`],
  message: 'A server module never imports another module: move what both need to a shared layer (access/, analytics/, http/).',
}));

// Chart tooltips and formatters return HTML that shows post and user text: it must be built with
// html`…` (apps/web/src/ui/html.ts), which escapes every interpolated value.
const FORMATTER_MESSAGE = 'A chart formatter returns HTML: build it with html`…` from ui/html.ts, which escapes every value.';
const unescapedFormatters = ['TemplateLiteral', "BinaryExpression[operator='+']"].flatMap((node) => [
  { selector: `Property[key.name='formatter'] > :function > ${node}.body`, message: FORMATTER_MESSAGE },
  { selector: `Property[key.name='formatter'] :function ReturnStatement > ${node}.argument`, message: FORMATTER_MESSAGE },
]);

// The project screens' paths, project types and gates live once, in the contract's catalogue
// (packages/contract/src/screens.ts): the apps ask it (screenShown, assertScreen, screenFor)
// instead of comparing a project type with a literal or writing a screen's address by hand.
const PROJECT_TYPE = '/^(project_?type_?id)$/i';
const PROJECT_TYPE_MESSAGE =
  'Which project types see a screen is the screen catalogue’s (packages/contract/src/screens.ts): use screenShown(key, type) on the web or assertScreen(project, key) on the server, not a project-type literal.';
const typeSide = (side) => `:matches([${side}.name=${PROJECT_TYPE}], [${side}.property.name=${PROJECT_TYPE}])`;
const projectTypeLiterals = [
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/]:matches(${typeSide('left')}[right.type='Literal'], ${typeSide('right')}[left.type='Literal'])`,
    message: PROJECT_TYPE_MESSAGE,
  },
  {
    // A list of project types asked whether it holds one, written in place or kept in a variable.
    selector: `CallExpression[callee.property.name='includes']:matches([arguments.0.name=${PROJECT_TYPE}], [arguments.0.property.name=${PROJECT_TYPE}])`,
    message: PROJECT_TYPE_MESSAGE,
  },
  { selector: `Property[key.name=/^project_?types?(_?ids)?$/i] > ArrayExpression`, message: PROJECT_TYPE_MESSAGE },
  {
    selector: `SwitchStatement:matches([discriminant.name=${PROJECT_TYPE}], [discriminant.property.name=${PROJECT_TYPE}])`,
    message: PROJECT_TYPE_MESSAGE,
  },
];
// A screen's address below a project (…/project/$projectId/deep-dive, `…/project/${id}/sentiment`),
// or a route declared with a screen's path: both come from the catalogue (project/screen-routes.ts).
const SCREEN_SEGMENTS = [
  'platform',
  'top-authors',
  'competitor-tracking',
  'post-listing',
  'sentiment',
  'content-classification',
  'ave-calcs',
  'reaction-lists',
  'crisis-lists',
  'crisis-monitoring-lists',
  'reaction-list',
  'crisis-monitoring',
  'influencer-comparison',
  'deep-dive',
  'performance-measurement',
  'sort-bins',
  'input-bins',
  'treeview',
  'world-map',
].join('|');
const SCREEN_PATH_MESSAGE =
  'A project screen’s path is written once, in the screen catalogue (packages/contract/src/screens.ts): build the address with screenTo, screenRouteId or screenHref (apps/web/src/project/screen-routes.ts).';
// On the web, an operation's reads are cached under [op.path, input] (apps/web/src/api/op-query.ts),
// so one invalidation reaches every copy; a key written by hand would be a second copy.
const QUERY_KEY_MESSAGE =
  'Read an operation through the one operation layer (apps/web/src/api/op-query.ts): opQuery or useOp, or opKey for a key; not a query key written by hand.';
const handWrittenQueryKeys = [{ selector: `Property[key.name='queryKey'] > ArrayExpression`, message: QUERY_KEY_MESSAGE }];
const screenPathLiterals = [
  { selector: `Literal[value=/project\\/[^/]*\\/(${SCREEN_SEGMENTS})(\\/|\\?|$)/]`, message: SCREEN_PATH_MESSAGE },
  { selector: `TemplateElement[value.raw=/^\\/(${SCREEN_SEGMENTS})(\\/|\\?|$)/]`, message: SCREEN_PATH_MESSAGE },
  { selector: `Property[key.name='path'] > Literal[value=/^(${SCREEN_SEGMENTS})(\\/|$)/]`, message: SCREEN_PATH_MESSAGE },
];

// bin_clips and the rollups kept per bin beside it are written by the ledger only
// (apps/server/src/ledger/, docs/ingestion.md): each of its statements moves every rollup by
// exactly what it changes, which a write elsewhere would skip. Tests and migrations write them as
// fixtures and history.
const LEDGER_TABLES = 'bin_clips|bin_hourly|bin_hourly_sentiment|bin_hourly_places|bin_hourly_items|bin_daily_items';
const LEDGER_MESSAGE =
  'bin_clips and its rollups are written by the ledger only (apps/server/src/ledger/): file posts through ingestPosts, change clips with changeBinClips, revalue with revalueClientPosts.';
// A network's particulars live in its folder under apps/server/src/networks/ (docs/architecture.md,
// "Adding a network"): elsewhere the code asks the registry (networkOfStream) instead of switching on
// a stream id, on a stream id literal (7..13), or on a network's name.
const STREAM_MESSAGE = "Ask the network's registry (networks/registry.ts, networkOfStream) instead of switching on a stream or network.";
const streamSwitches = [
  { selector: 'SwitchStatement[discriminant.name=/^stream_?[iI]d$/]', message: STREAM_MESSAGE },
  { selector: 'SwitchStatement[discriminant.property.name=/^stream_?[iI]d$/]', message: STREAM_MESSAGE },
  { selector: 'SwitchCase[test.type="Literal"][test.value>=7][test.value<=13]', message: STREAM_MESSAGE },
  { selector: 'SwitchCase[test.value=/^(x|facebook|instagram|youtube|linkedin|tiktok|blog)$/]', message: STREAM_MESSAGE },
];

const ledgerWrites = [
  {
    selector: `CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom)$/][arguments.0.value=/^(${LEDGER_TABLES})( as \\w+)?$/]`,
    message: LEDGER_MESSAGE,
  },
  {
    selector: `TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/(insert\\s+into|update|delete\\s+from)\\s+(${LEDGER_TABLES})\\b/]`,
    message: LEDGER_MESSAGE,
  },
];

// A module keeps its SQL in its queries.ts, each query named for what it answers
// (docs/architecture.md): its services, jobs and routes call those, so one file shows every
// statement the module runs. Tests build their fixtures as they need.
const MODULE_SQL_MESSAGE = 'A module’s SQL lives in its queries.ts: add a query there, named for what it answers, and call it.';
const moduleSql = [
  { selector: `CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]`, message: MODULE_SQL_MESSAGE },
  { selector: `TaggedTemplateExpression[tag.name='sql']`, message: MODULE_SQL_MESSAGE },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.e2e-artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Import boundaries and cycles, resolved the way TypeScript resolves them (explicit .ts
    // extensions, the workspace's @listening/contract).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: TSCONFIGS, noWarnOnMultipleProjects: true })],
    },
    rules: {
      // Type-only imports do not count (they vanish at run time); node_modules is not walked.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webZones }],
      'no-restricted-syntax': ['error', ...unescapedFormatters, ...projectTypeLiterals, ...screenPathLiterals, ...handWrittenQueryKeys],
    },
  },
  {
    // The operation layer itself builds the keys: every web list but that one.
    files: ['apps/web/src/api/op-query.ts'],
    rules: { 'no-restricted-syntax': ['error', ...unescapedFormatters, ...projectTypeLiterals, ...screenPathLiterals] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: serverZones }],
      'no-restricted-syntax': ['error', ...projectTypeLiterals, ...ledgerWrites, ...streamSwitches],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`.replace('./', '')],
    rules: { 'no-restricted-syntax': ['error', ...projectTypeLiterals, ...ledgerWrites, ...streamSwitches, ...moduleSql] },
  },
  {
    // A module's queries.ts holds its SQL: every server list but that one.
    files: [`${SERVER}/*/queries.ts`.replace('./', '')],
    rules: { 'no-restricted-syntax': ['error', ...projectTypeLiterals, ...ledgerWrites, ...streamSwitches] },
  },
  {
    // The networks' folders hold each network's particulars: every server list but that one.
    files: ['apps/server/src/networks/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...projectTypeLiterals, ...ledgerWrites] },
  },
  {
    // The ledger, migrations (history) and test fixtures write bin_clips and its rollups: every server list but that one.
    files: ['apps/server/src/ledger/**/*.ts', 'apps/server/src/db/migrations/**/*.ts', 'apps/server/src/test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...projectTypeLiterals, ...streamSwitches] },
  },
  {
    // Tests state the addresses and types they drive, as a user would type them.
    files: ['apps/*/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...unescapedFormatters] },
  },
  {
    files: ['packages/*/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [{ target: './packages', from: './apps', message: 'The contract never imports an app.' }] },
      ],
    },
  },
);

/**
 * The architecture's boundaries, checked by `npm run lint` (docs/architecture.md explains them).
 * Server: route -> service -> repository inside a module; another module only through its services;
 * SQL (Kysely values) only in repositories and db/; providers know wire formats, never modules.
 * Web: features never import each other or the server. The extractor does no I/O. No cycles anywhere.
 */
const SERVER = '^apps/server/src/';
const MODULE = `${SERVER}modules/([^/]+)/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle makes load order matter and hides which part depends on which.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'module-through-services-only',
      comment:
        'A module uses another module only through its *.service.ts files: never its routes, repository or internals.',
      severity: 'error',
      from: { path: MODULE },
      to: { path: `${SERVER}modules/`, pathNot: [`${SERVER}modules/$1/`, '\\.service\\.ts$'] },
    },
    {
      name: 'outside-modules-through-services-only',
      comment:
        'Code outside modules (app wiring, storage, scripts) reaches a module through its routes (app.ts) or services.',
      severity: 'error',
      from: { path: SERVER, pathNot: [MODULE, `${SERVER}app\\.ts$`, '\\.test\\.ts$'] },
      to: { path: `${SERVER}modules/.+\\.repository\\.ts$` },
    },
    {
      name: 'sql-in-repositories-only',
      comment:
        'Every SQL statement lives in a *.repository.ts or in db/ (connection, migrations); others may import Kysely types only.',
      severity: 'error',
      from: { path: SERVER, pathNot: ['\\.repository\\.ts$', `${SERVER}db/`, '\\.test\\.ts$'] },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'providers-know-no-modules',
      comment:
        'Providers speak Google and Microsoft wire formats; what the app does with them belongs to modules.',
      severity: 'error',
      from: { path: `${SERVER}providers/` },
      to: { path: `${SERVER}(modules|app\\.ts)` },
    },
    {
      name: 'web-features-stand-alone',
      comment:
        'A web feature never imports another feature; app/ composes them, components/ and lib/ are shared.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-never-imports-the-server',
      comment: 'The web app talks to the server over HTTP; shared types come from packages/contract.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^(apps/server|tools/sandbox|packages/extract)/' },
    },
    {
      name: 'extract-does-no-io',
      comment:
        'The extractor is pure: bytes in, an Extraction out. Files, network and processes belong to its callers.',
      severity: 'error',
      from: {
        path: '^packages/extract/src/',
        pathNot: ['\\.test\\.ts$', '/cli\\.ts$', '/extract-file\\.ts$'],
      },
      to: {
        dependencyTypes: ['core'],
        path: '^(fs|node:fs|fs/promises|node:fs/promises|net|node:net|http|node:http|https|node:https|child_process|node:child_process)$',
      },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by the web app and the server: it imports nothing of either.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|tools|packages/extract)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps|packages|tools)/[a-z-]+/(dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      dot: {
        collapsePattern: '^(apps/server/src/modules/[^/]+|apps/server/src/[^/]+|node_modules/[^/]+)',
      },
    },
  },
};

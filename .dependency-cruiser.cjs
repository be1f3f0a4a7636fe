/**
 * The server's dependency rule (decision 1402), checked by `npm run check`:
 * no cycle, a feature reaches another only through its index.ts, no module imports a router
 * but app.ts, the import pipeline never imports a feature. What broke the rule when it was set is
 * listed in .dependency-cruiser-known-violations.json, to be removed, never added to.
 */
const NOT_TESTS = ['\\.test\\.tsx?$', '/testing/', '^server/src/test/', '/test-[^/]+\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A cycle ties modules together: neither can be read, tested or moved alone.',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
    {
      name: 'feature-through-index',
      comment: 'A feature uses another only through its public surface, features/<name>/index.ts.',
      severity: 'error',
      from: { path: '^server/src/features/([^/]+)/', pathNot: NOT_TESTS },
      to: {
        path: '^server/src/features/[^/]+/',
        pathNot: ['^server/src/features/$1/', '^server/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-router-import',
      comment: 'Routers are mounted by app.ts (or assembled by their own feature.ts); query code never depends on one.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: [...NOT_TESTS, '^server/src/app\\.ts$', '^server/src/features/[^/]+/feature\\.ts$'] },
      to: { path: '^server/src/.+routes\\.ts$' },
    },
    {
      name: 'feature-wiring-own-routers',
      comment: "A feature.ts wires its own feature: it may assemble its routers, never another feature's.",
      severity: 'error',
      from: { path: '^server/src/features/([^/]+)/feature\\.ts$' },
      to: { path: '^server/src/.+routes\\.ts$', pathNot: '^server/src/features/$1/' },
    },
    {
      name: 'importers-not-features',
      comment: 'What a feature refreshes after an import is registered with the pipeline, not called by it.',
      severity: 'error',
      from: { path: '^server/src/importers/', pathNot: NOT_TESTS },
      to: { path: '^server/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
  },
};

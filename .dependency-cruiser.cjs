/**
 * The layer rules of the code, written once: `npm run lint:layers` (dependency-cruiser) checks
 * every import of `src/` and `renderers/` against them, and tests/unit/layers.test.ts runs it and
 * checks the layer table of docs/architecture.md against `LAYERS` below.
 *
 * Each layer names what it may import of ours (packages are free). An edge that is allowed only
 * for some files (`files`), only from some files (`from`) or only for types (`typeOnly`) says so,
 * with the reason (`why`). Server code flows one way: routes → http → domain → db.
 */

/** @typedef {{ layer: string, files?: string, from?: string, typeOnly?: boolean, why?: string }} Edge */
/** @typedef {{ name: string, folder: string, path: string, may: Edge[] }} Layer */

/** @type {Layer[]} */
const LAYERS = [
  { name: 'shared', folder: 'src/shared/', path: '^src/shared/', may: [] },
  { name: 'db', folder: 'src/server/db/', path: '^src/server/db/', may: [] },
  { name: 'clock', folder: 'src/server/clock.ts', path: '^src/server/clock\\.ts$', may: [] },
  { name: 'errors', folder: 'src/server/errors.ts', path: '^src/server/errors\\.ts$', may: [{ layer: 'shared' }] },
  { name: 'i18n', folder: 'src/server/i18n.ts', path: '^src/server/i18n\\.ts$', may: [{ layer: 'shared' }] },
  {
    name: 'config',
    folder: 'src/server/*config.ts',
    path: '^src/server/[a-z-]*config\\.ts$',
    may: [{ layer: 'shared' }, { layer: 'market', files: '^src/server/market/config\\.ts$', why: 'the market settings live beside the market' }],
  },
  { name: 'jobs', folder: 'src/server/jobs/', path: '^src/server/jobs/', may: [{ layer: 'db' }, { layer: 'clock' }] },
  {
    name: 'mail',
    folder: 'src/server/mail/',
    path: '^src/server/mail/',
    may: [{ layer: 'db' }, { layer: 'clock' }, { layer: 'domain', files: '^src/server/domain/ids\\.ts$', why: 'ids.ts is the one source of row ids' }],
  },
  { name: 'storage', folder: 'src/server/storage/', path: '^src/server/storage/', may: [{ layer: 'config' }] },
  { name: 'screens', folder: 'src/server/screens/', path: '^src/server/screens/', may: [{ layer: 'shared' }, { layer: 'errors' }] },
  {
    name: 'market',
    folder: 'src/server/market/',
    path: '^src/server/market/',
    may: [
      { layer: 'shared' },
      { layer: 'db' },
      { layer: 'clock' },
      { layer: 'cluster', files: '^src/server/cluster/quote-transport\\.ts$', why: 'quote batches reach the hub in process or over Redis' },
    ],
  },
  {
    name: 'cluster',
    folder: 'src/server/cluster/',
    path: '^src/server/cluster/',
    may: [
      { layer: 'config' },
      { layer: 'market' },
      { layer: 'domain', files: '^src/server/domain/login-throttle\\.ts$', typeOnly: true, why: 'the Redis budget implements the throttle budget interface' },
    ],
  },
  {
    name: 'domain',
    folder: 'src/server/domain/',
    path: '^src/server/domain/',
    may: [
      { layer: 'shared' },
      { layer: 'db' },
      { layer: 'errors' },
      { layer: 'clock' },
      { layer: 'config' },
      { layer: 'i18n' },
      { layer: 'mail' },
      { layer: 'storage' },
      { layer: 'market', why: 'trading, IPOs and offerings price from the feed and list instruments' },
      { layer: 'jobs', typeOnly: true, why: 'features declare their background jobs as JobSpecs' },
      { layer: 'screens', from: '^src/server/domain/studio/', why: 'the studio lints, publishes and serves screens' },
    ],
  },
  {
    name: 'http',
    folder: 'src/server/http/',
    path: '^src/server/http/',
    may: [
      { layer: 'shared' },
      { layer: 'errors' },
      { layer: 'config' },
      { layer: 'i18n' },
      { layer: 'screens' },
      {
        layer: 'domain',
        files: '^src/server/domain/(errors|sessions|idempotency|deps|staff-totp)\\.ts$',
        why: 'the registry authenticates (session and staff second factor), keeps idempotent answers and hands handlers their deps',
      },
    ],
  },
  {
    name: 'ops',
    folder: 'src/server/ops/',
    path: '^src/server/ops/',
    may: [
      { layer: 'shared' },
      { layer: 'clock' },
      { layer: 'config' },
      { layer: 'db' },
      { layer: 'http' },
      { layer: 'market' },
      { layer: 'screens' },
      { layer: 'domain', files: '^src/server/domain/ledger/check(-job)?\\.ts$', why: '/metrics exposes the ledger check\'s violation counts' },
    ],
  },
  { name: 'demo', folder: 'src/server/demo/', path: '^src/server/demo/', may: [{ layer: 'shared' }, { layer: 'domain' }] },
  {
    name: 'routes',
    folder: 'src/server/routes/',
    path: '^src/server/routes/',
    may: [
      { layer: 'shared' },
      { layer: 'errors' },
      { layer: 'http' },
      { layer: 'domain' },
      { layer: 'config' },
      { layer: 'market', why: 'market calls and the live stream read the feed' },
      { layer: 'screens', why: 'the UI and publish calls serve the schema store' },
      { layer: 'ops', why: 'the OpenAPI document and metrics are served as routes' },
      { layer: 'cluster', why: 'rate-limit budgets and the cache bus span processes' },
      { layer: 'demo', files: '^src/server/demo/content\\.ts$', why: 'demo mode shows sample content on first read' },
    ],
  },
  { name: 'renderers', folder: 'renderers/', path: '^renderers/', may: [{ layer: 'shared' }] },
  { name: 'app', folder: 'src/app/', path: '^src/app/', may: [{ layer: 'renderers' }, { layer: 'shared' }] },
];

const byName = new Map(LAYERS.map((layer) => [layer.name, layer]));
const target = (edge) => edge.files ?? byName.get(edge.layer).path;

/** One rule per layer: nothing of ours beyond the layer itself and its allowed edges. */
const layerRules = LAYERS.map((layer) => ({
  name: `layer-${layer.name}`,
  severity: 'error',
  comment: `${layer.folder} may import: ${layer.may.map((edge) => edge.layer).join(', ') || 'nothing of ours'}`,
  from: { path: layer.path },
  to: { path: '^(src|renderers)/', pathNot: [layer.path, ...layer.may.map(target)] },
}));

/**
 * Limited edges: one allowed only from some files is forbidden from the rest of the layer; one
 * allowed only for types is forbidden as a runtime import.
 */
const limitRules = LAYERS.flatMap((layer) =>
  layer.may.flatMap((edge) => {
    const rule = (suffix, comment, from, to) => ({ name: `layer-${layer.name}-${edge.layer}-${suffix}`, severity: 'error', comment: `${layer.folder} → ${edge.layer} ${comment}: ${edge.why}`, from, to });
    return [
      ...(edge.from ? [rule('only-from', `only from ${edge.from}`, { path: layer.path, pathNot: edge.from }, { path: target(edge) })] : []),
      ...(edge.typeOnly ? [rule('types-only', 'for types only', { path: layer.path }, { path: target(edge), dependencyTypesNot: ['type-only'] })] : []),
    ];
  }),
);

module.exports = {
  forbidden: [
    ...layerRules,
    ...limitRules,
    {
      name: 'composition-root',
      severity: 'error',
      comment: 'Only the entry points import the server composition root (src/server/app.ts).',
      from: { pathNot: '^src/server/(main|cluster-main)\\.ts$' },
      to: { path: '^src/server/app\\.ts$' },
    },
    {
      name: 'blocks-not-screen',
      severity: 'error',
      comment: 'Blocks render children through the context (renderBlock), never Screen or the registry.',
      from: { path: '^renderers/blocks/' },
      to: { path: '^renderers/(Screen\\.tsx|registry\\.ts)$' },
    },
    {
      name: 'renderer-core-not-market',
      severity: 'error',
      comment: 'The renderer core (all but blocks, dialogs, widgets, market and the registry) never imports renderers/market/.',
      from: { path: '^renderers/', pathNot: '^renderers/(blocks|dialogs|widgets|market)/|^renderers/registry\\.ts$' },
      to: { path: '^renderers/market/' },
    },
    {
      name: 'market-not-renderer-core',
      severity: 'error',
      comment: 'renderers/market/ imports nothing of the renderer but itself and the pure number formats.',
      from: { path: '^renderers/market/' },
      to: { path: '^renderers/', pathNot: '^renderers/market/|^renderers/formatters/market\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles through runtime imports (type-only imports vanish at build time).',
      from: { path: '^(src|renderers)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};

// Read by tests/unit/layers.test.ts (not enumerable, so dependency-cruiser's config check does not see it).
Object.defineProperty(module.exports, 'LAYERS', { value: LAYERS, enumerable: false });

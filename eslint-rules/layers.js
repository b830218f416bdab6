// @ts-check
/**
 * steep/layers: the import rules of docs/architecture.md, checked on every import of src/.
 * Why a local rule and not a plugin: docs/decisions/0009-layer-lint-rule.md.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Server features, lowest first: a feature may import only features before it (their index.ts). */
export const SERVER_FEATURE_ORDER = [
  'health',
  'preferences',
  'profiles',
  'auth',
  'safety',
  'matches',
  'chat',
  'discovery',
  'verification',
  'billing',
  'events',
  // Tea, in two features that never import each other: the tea catalogue and its reviews, then the
  // anonymous stories. Badges above reads both (her review count, her story counts).
  'teas',
  'stories',
  'badges',
  'notifications',
  // Share My Date: reads matches, meetups and profiles; texts and pushes through notifications.
  'datesafety',
  'moderation',
  // Collects and deletes her data through every feature's index.ts, so it comes after all of them.
  'account',
];

/** Which db/schema files each owner may import: only the owner queries its tables. */
export const TABLE_OWNERS = {
  core: ['users', 'sessions', 'blocks'],
  profiles: ['photos', 'profiles'],
  matches: ['matches'],
  safety: ['safety'],
  chat: ['chat'],
  events: ['events'],
  notifications: ['notifications'],
  badges: ['badges'],
  verification: ['verification'],
  auth: ['auth'],
  billing: ['billing'],
  moderation: ['moderation'],
  teas: ['teas'],
  stories: ['stories'],
  preferences: ['preferences'],
  datesafety: ['datesafety'],
  discovery: ['discovery'],
  // The queue's own table.
  jobs: ['jobs'],
  // The demo community is loaded set-based (one INSERT … SELECT per table at 1M members), not row by row
  // through the features; these are the schema files of the tables it writes directly.
  seed: ['users', 'photos', 'safety', 'matches', 'discovery'],
  realtime: [],
  http: [],
  mail: [],
};

/** Server folders outside features/ that the table rule names as owners (core, jobs, seed, realtime, http, mail). */
const OWNER_FOLDERS = ['core', 'jobs', 'seed', 'realtime', 'http', 'mail'];

/** The one test file that may import every table (test/tables.ts re-exports db/schema for tests). */
const TEST_TABLES = 'src/server/test/tables';

/** Layers below the features: they never import a feature (nor anything above them). */
const LOWER_LAYERS = {
  // The error type every layer throws is the one thing core takes from http/.
  'src/server/core': [
    'src/contract',
    'src/server/db',
    'src/server/core',
    'src/server/config',
    'src/server/http/errors',
    'src/server/lib',
  ],
  'src/server/jobs': [
    'src/contract',
    'src/server/db',
    'src/server/core',
    'src/server/jobs',
    'src/server/config',
    'src/server/http/errors',
    'src/server/lib',
  ],
  'src/server/http': [
    'src/contract',
    'src/server/domain-events',
    'src/server/db',
    'src/server/core',
    'src/server/http',
    'src/server/config',
    'src/server/jobs',
    'src/server/lib',
    'src/server/i18n',
    // The CSP lists where media may load from.
    'src/server/media/serve',
  ],
  // Media storage (disk or bucket) and its delete jobs: shared by every feature that stores files.
  'src/server/media': ['src/server/media', 'src/server/db', 'src/server/jobs', 'src/server/config', 'src/server/lib'],
  'src/server/db': ['src/contract', 'src/server/db', 'src/server/config', 'src/server/lib'],
  // The server's words per language (decision 0022): catalogues only.
  'src/server/i18n': ['src/server/i18n'],
  // Small utilities every layer may use; they import nothing of the app.
  'src/server/lib': ['src/server/lib'],
  'src/server/domain-events': ['src/contract'],
  'src/contract': ['src/contract'],
};

const strip = (p) => p.replace(/\.(tsx?|jsx?)$/, '').replace(/\/index$/, '');
const under = (p, dir) => p === dir || p.startsWith(`${dir}/`);
const isTestFile = (p) => /\.test$/.test(p) || /(^|\/)test-factories$/.test(p) || under(p, 'src/server/test');

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Layer, feature-order and table-ownership boundaries (docs/architecture.md)' },
    schema: [],
  },
  create(context) {
    const from = strip(path.relative(ROOT, context.filename).split(path.sep).join('/'));
    if (!from.startsWith('src/')) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = strip(
        path
          .relative(ROOT, path.resolve(path.dirname(context.filename), specifier))
          .split(path.sep)
          .join('/'),
      );
      const problem = violation(from, target);
      if (problem) context.report({ node, message: `${problem} (see docs/architecture.md)` });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** The rule broken by `from` importing `target` (both repo-relative, without extension), if any. */
export function violation(from, target) {
  // The sides: the server never reaches into the browser's code, and the contract (shared by both) into
  // either. Tests included: a test that needs the other side's code is testing the wrong thing.
  if (under(from, 'src/server') && under(target, 'src/web')) {
    return `src/server may not import src/web (${target}); share it through src/contract`;
  }
  if (under(from, 'src/contract') && (under(target, 'src/server') || under(target, 'src/web'))) {
    return `src/contract is shared by server and web and may import only src/contract; it imports ${target}`;
  }
  // The web is built for the browser from the contract and its translation catalogues (src/locales) alone;
  // server code never reaches the bundle (nor a web test: it would compile the server under the web's types).
  if (
    under(from, 'src/web') &&
    target.startsWith('src/') &&
    !under(target, 'src/web') &&
    !under(target, 'src/contract') &&
    !under(target, 'src/locales')
  ) {
    return `src/web may import only src/web, src/contract and src/locales; it imports ${target}`;
  }

  // Lower layers.
  for (const [layer, allowed] of Object.entries(LOWER_LAYERS)) {
    if (
      under(from, layer) &&
      !isTestFile(from) &&
      target.startsWith('src/') &&
      !allowed.some((a) => under(target, a))
    ) {
      return `${layer} is below the features and may import only ${allowed.join(', ')}; it imports ${target}`;
    }
  }

  const serverFeature = /^src\/server\/features\/([^/]+)(\/.*)?$/;
  const fromFeature = serverFeature.exec(from)?.[1];
  const toMatch = serverFeature.exec(target);
  const toFeature = toMatch?.[1];

  // Table ownership: only the owner imports a table's schema file; nobody outside db/ imports them all.
  // Every folder of src/server is held to it (features, core, jobs, seed, realtime, http, mail, media, lib),
  // tests too: a test that needs another owner's rows reads them through src/server/test/tables.ts, the
  // one sanctioned door, which the shared factories of src/server/test use as well.
  const schema = /^src\/server\/db\/schema(?:\/([^/]+))?$/.exec(target);
  if (schema && under(from, 'src/server') && !under(from, 'src/server/db') && from !== TEST_TABLES) {
    if (under(from, 'src/server/test')) {
      return `src/server/test reads tables only through ${TEST_TABLES}.ts; import them from there`;
    }
    const folder = /^src\/server\/([^/]+)/.exec(from)?.[1];
    const owner =
      fromFeature ?? (folder !== undefined && OWNER_FOLDERS.includes(folder) ? folder : 'src/server/' + folder);
    const file = schema[1];
    if (file === undefined) return `import the tables you own from db/schema/<file>, not all of db/schema`;
    if (!(TABLE_OWNERS[owner] ?? []).includes(file)) {
      return `db/schema/${file} belongs to ${ownerOf(file)}; ${owner} must call that module's exported functions instead`;
    }
  }

  if (toFeature === undefined) return webViolation(from, target);
  const internal = toMatch?.[2] !== undefined;
  if (fromFeature === toFeature) return undefined;
  if (internal && !isTestFile(from)) {
    return `import features/${toFeature} through its index.ts, not its internals (${target})`;
  }
  if (fromFeature !== undefined && !isTestFile(from)) {
    const a = SERVER_FEATURE_ORDER.indexOf(fromFeature);
    const b = SERVER_FEATURE_ORDER.indexOf(toFeature);
    if (a === -1) return `feature ${fromFeature} is not in the feature order (eslint-rules/layers.js)`;
    if (b >= a) {
      return `feature ${fromFeature} may not import ${toFeature}: ${toFeature} is not below it in the feature order ${SERVER_FEATURE_ORDER.join(' → ')}; announce upward with a domain event instead`;
    }
  }
  return undefined;
}

function webViolation(from, target) {
  const webFeature = /^src\/web\/features\/([^/]+)/;
  const a = webFeature.exec(from)?.[1];
  const b = webFeature.exec(target)?.[1];
  if (a !== undefined && b !== undefined && a !== b) {
    return `web feature ${a} may not import web feature ${b}; move what they share to src/web/components or src/web/lib`;
  }
  if (under(from, 'src/web/components') || under(from, 'src/web/lib')) {
    if (b !== undefined)
      return `src/web/components and src/web/lib are shared and may not import a feature (${target})`;
  }
  return undefined;
}

function ownerOf(file) {
  return Object.entries(TABLE_OWNERS).find(([, files]) => files.includes(file))?.[0] ?? 'no one yet';
}

export default { rules: { layers: layersRule } };

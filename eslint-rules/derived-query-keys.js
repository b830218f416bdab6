// @ts-check
/**
 * steep/derived-query-keys: a TanStack Query key is derived from the route it reads, never written by
 * hand (src/web/lib/query-key.ts). A hand-written key drifts from the route: a second spelling of the same
 * call caches it twice, and an invalidation that misses by one character refreshes nothing, silently.
 *
 * Where a key goes — a `queryKey` property (queries, filters, query options) and the first argument of
 * the query client's key methods — it must be:
 *   - a call of `queryKeyOf(route, input?)` or `localQueryKey(name)` (a query that reads this device);
 *   - `<options>.queryKey` (the key of query options built with one);
 *   - a name bound to one of these, or a function's parameter (a helper that takes a key);
 *   - a call of a local function that only returns one of these.
 * An array literal, a call of any other function (a key factory) or a constant holding either is reported.
 */

const MESSAGE =
  'Derive the query key from the route: queryKeyOf(declaration, input) (or localQueryKey for a query that ' +
  'reads this device), not {{what}}. See src/web/lib/query-key.ts.';

const KEY_FACTORIES = new Set(['queryKeyOf', 'localQueryKey']);

/** The query client's methods whose first argument is a key. */
const KEY_METHODS = new Set(['getQueryData', 'setQueryData', 'getQueryState', 'setQueryDefaults', 'getQueryDefaults']);

/** Type-only wrappers that leave the value as it is. */
const WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion']);

/** @param {any} node */
const unwrap = (node) => {
  let current = node;
  while (current && WRAPPERS.has(current.type)) current = current.expression;
  return current;
};

/**
 * The variable a name refers to, looked up from the scope the name is used in.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {any} identifier
 */
function variableOf(context, identifier) {
  for (let scope = context.sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
  }
  return undefined;
}

/**
 * What a local function named `callee` returns, when it is one expression: `(id) => queryKeyOf(route, …)`
 * is as derived as the call it returns.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {any} callee
 */
function returnedBy(context, callee) {
  const definition = variableOf(context, callee)?.defs[0];
  if (!definition) return undefined;
  /** @type {any} */
  const fn =
    definition.type === 'FunctionName' ? definition.node : definition.type === 'Variable' ? definition.node.init : null;
  if (
    !fn ||
    (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration')
  )
    return undefined;
  if (fn.body.type !== 'BlockStatement') return fn.body;
  const [only, ...rest] = fn.body.body;
  return rest.length === 0 && only?.type === 'ReturnStatement' ? only.argument : undefined;
}

/**
 * What is wrong with `node` in a key's place, or undefined when it is derived.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {any} node
 * @param {Set<any>} seen
 * @returns {string | undefined}
 */
function problemOf(context, node, seen = new Set()) {
  const value = unwrap(node);
  if (!value) return undefined;
  switch (value.type) {
    case 'ArrayExpression':
      return 'a hand-written array';
    case 'CallExpression': {
      const callee = value.callee;
      if (callee.type !== 'Identifier') return 'a call of another function';
      if (KEY_FACTORIES.has(callee.name)) return undefined;
      const returned = returnedBy(context, callee);
      if (returned && !seen.has(returned)) {
        seen.add(returned);
        if (!problemOf(context, returned, seen)) return undefined;
      }
      return `a call of ${callee.name}`;
    }
    case 'MemberExpression':
      if (!value.computed && value.property.type === 'Identifier' && value.property.name === 'queryKey')
        return undefined;
      return 'a constant';
    case 'Identifier': {
      const variable = variableOf(context, value);
      // A global or an import: its definition is elsewhere, so it is not known to be derived.
      if (!variable || variable.defs.length === 0) return 'a constant';
      const [definition] = variable.defs;
      if (definition.type === 'Parameter') return undefined;
      if (definition.type === 'ImportBinding') return 'an imported constant';
      if (definition.type !== 'Variable' || !definition.node.init || seen.has(definition.node)) return 'a constant';
      seen.add(definition.node);
      return problemOf(context, definition.node.init, seen);
    }
    default:
      return 'a hand-written key';
  }
}

/** @type {import('eslint').Rule.RuleModule} */
const derivedQueryKeys = {
  meta: {
    type: 'problem',
    docs: { description: 'TanStack Query keys come from queryKeyOf(declaration, input), never by hand.' },
    messages: { handWritten: MESSAGE },
    schema: [],
  },
  create(context) {
    /** @param {any} node */
    const check = (node) => {
      const what = problemOf(context, node);
      if (what) context.report({ node, messageId: 'handWritten', data: { what } });
    };
    return {
      Property(node) {
        if (node.parent.type !== 'ObjectExpression' || node.computed) return;
        const key = node.key;
        const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : undefined;
        if (name === 'queryKey') check(node.value);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        if (KEY_METHODS.has(callee.property.name) && node.arguments[0]) check(node.arguments[0]);
      },
    };
  },
};

export default derivedQueryKeys;

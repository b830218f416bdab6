// @ts-check
/**
 * steep/no-fixed-sleep: a test waits for the thing it needs, never for a fixed time. A sleep is too
 * short on a loaded machine (a flaky test) and too long everywhere else (a slow one). Caught here:
 *   - Playwright's `page.waitForTimeout(ms)`;
 *   - a promise resolved by a timer: `new Promise((resolve) => setTimeout(resolve, ms))`, also with
 *     `() => resolve()` as the callback (a timer that rejects, a deadline, is fine);
 *   - the awaitable timer of `node:timers/promises`.
 */

const MESSAGE =
  'A fixed sleep in a test ({{what}}). Wait for the thing itself: a Playwright locator or page.waitForResponse, ' +
  'expect.poll / vi.waitFor with a deliberate timeout, events.drain(), or settle() / atRest() from e2e/waits.ts.';

/** @param {any} node */
const isSetTimeout = (node) =>
  (node.type === 'Identifier' && node.name === 'setTimeout') ||
  (node.type === 'MemberExpression' && !node.computed && node.property.name === 'setTimeout');

/** @param {any} node */
const isFunction = (node) => node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';

/**
 * The name of the executor's `resolve` parameter when `fn` is the executor of a `new Promise(...)`.
 * @param {any} fn
 */
function resolveNameOf(fn) {
  const parent = fn.parent;
  if (!parent || parent.type !== 'NewExpression' || parent.arguments[0] !== fn) return undefined;
  if (parent.callee.type !== 'Identifier' || parent.callee.name !== 'Promise') return undefined;
  const first = fn.params[0];
  return first && first.type === 'Identifier' ? first.name : undefined;
}

/**
 * Whether `callback` is `resolve` itself or a function that only calls it.
 * @param {any} callback
 * @param {string} resolve
 */
function onlyResolves(callback, resolve) {
  if (!callback) return false;
  if (callback.type === 'Identifier') return callback.name === resolve;
  if (!isFunction(callback)) return false;
  /** @param {any} expression */
  const callsResolve = (expression) =>
    expression?.type === 'CallExpression' &&
    expression.callee.type === 'Identifier' &&
    expression.callee.name === resolve;
  if (callback.body.type !== 'BlockStatement') return callsResolve(callback.body);
  const statements = callback.body.body;
  return (
    statements.length === 1 && statements[0].type === 'ExpressionStatement' && callsResolve(statements[0].expression)
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const noFixedSleep = {
  meta: {
    type: 'problem',
    docs: { description: 'No fixed sleeps in tests: await the condition, an event drain, a frame or a poll.' },
    messages: { sleep: MESSAGE },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && !callee.computed && 'name' in callee.property) {
          if (callee.property.name === 'waitForTimeout') {
            context.report({ node, messageId: 'sleep', data: { what: 'waitForTimeout' } });
            return;
          }
        }
        if (!isSetTimeout(callee)) return;
        for (let scope = /** @type {any} */ (node).parent; scope; scope = scope.parent) {
          if (!isFunction(scope)) continue;
          const resolve = resolveNameOf(scope);
          if (resolve && onlyResolves(node.arguments[0], resolve)) {
            context.report({ node, messageId: 'sleep', data: { what: 'a promise resolved by setTimeout' } });
            return;
          }
        }
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'timers/promises' && node.source.value !== 'node:timers/promises') return;
        for (const specifier of node.specifiers) {
          if (
            specifier.type === 'ImportSpecifier' &&
            'name' in specifier.imported &&
            specifier.imported.name === 'setTimeout'
          ) {
            context.report({ node: specifier, messageId: 'sleep', data: { what: 'setTimeout from timers/promises' } });
          }
        }
      },
    };
  },
};

export default noFixedSleep;

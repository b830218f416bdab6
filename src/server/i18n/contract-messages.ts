/**
 * Every custom zod message of the contract (src/contract/*.ts): what a validation error can say. Read from the
 * schemas themselves (zod 4 keeps a custom message as its check's `error`), so a new message is found without a
 * list to keep up to date. Used by the test that every one has its Spanish (./contract-messages.test.ts).
 */
export function zodMessagesOf(modules: Record<string, unknown>[]): Set<string> {
  const found = new Set<string>();
  const seen = new WeakSet<object>();
  const visit = (value: unknown): void => {
    if (!value || (typeof value !== 'object' && typeof value !== 'function')) return;
    if (seen.has(value)) return;
    seen.add(value);
    const zod = (value as { _zod?: { def?: Record<string, unknown> } })._zod;
    if (!zod?.def) return;
    const def = zod.def;
    if (typeof def.error === 'function') {
      try {
        const message = (def.error as (issue: object) => unknown)({});
        if (typeof message === 'string') found.add(message);
      } catch {
        // A message made from the issue itself: not a fixed sentence.
      }
    }
    for (const key of ['checks', 'options', 'items'] as const) {
      const list = def[key];
      if (Array.isArray(list)) list.forEach(visit);
    }
    for (const key of [
      'element',
      'innerType',
      'in',
      'out',
      'left',
      'right',
      'keyType',
      'valueType',
      'rest',
      'catchall',
    ] as const) {
      visit(def[key]);
    }
    if (def.shape && typeof def.shape === 'object') Object.values(def.shape).forEach(visit);
    if (typeof def.getter === 'function') visit((def.getter as () => unknown)());
  };
  for (const module of modules) Object.values(module).forEach(visit);
  return found;
}

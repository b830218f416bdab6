import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = import.meta.dirname;
/** A feature's (or the real-time layer's) list of listeners; notifications/push/subscriptions.ts is push devices. */
const isListenerList = (file: string) =>
  /^(features\/[^/]+|realtime)\/subscriptions\.ts$/.test(path.relative(SERVER, file).split(path.sep).join('/'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

// docs/architecture.md, "Who listens to what": listeners are findable because only subscriptions.ts registers one.
describe('domain-event listeners', () => {
  it('are registered only in a subscriptions.ts', () => {
    const listening = /\.on\(\s*['"][a-z_]+\.[a-z_.]+['"]/;
    const elsewhere = sourceFiles(SERVER)
      .filter((file) => !isListenerList(file))
      .filter((file) => listening.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file));
    expect(elsewhere).toEqual([]);
  });

  it('every subscriptions.ts is wired in app.ts', () => {
    const app = readFileSync(path.join(SERVER, 'app.ts'), 'utf8');
    const wired = sourceFiles(SERVER)
      .filter(isListenerList)
      .map((file) => /export function (\w+Subscriptions)\(/.exec(readFileSync(file, 'utf8'))?.[1]);
    expect(wired.length).toBeGreaterThanOrEqual(5);
    for (const name of wired) expect(app).toContain(`${name}({`);
  });
});

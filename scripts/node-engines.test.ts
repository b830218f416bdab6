import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * The Node versions Steep supports (package.json `engines`, stated in the README) are ones every installed
 * dependency says it supports, so `npm install` has nothing to warn about on them, with two known
 * exceptions below. A dependency upgrade that raises its floor fails here, not on a member's machine.
 */

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

/**
 * Pulled in by @fastify/cookie and @fastify/static: they declare Node >= 22 but use nothing newer than Node
 * 20 has; the API and browser suites run on Node 20.20 with them. Node 20 is past its end of life and its
 * line goes when these (or anything else) really need 22.
 */
const DECLARE_22_RUN_ON_20 = new Set(['cookie', 'content-disposition']);
const NODE_20_LINE = '^20.19.0';
/**
 * Declares one exact version ("22.13.0", its author's own Node) rather than a range it needs; the photo
 * label runs on Node 20, 22 and 24 (media-label.api.test.ts loads the real model offline).
 */
const EXACT_VERSION_NOT_A_REQUIREMENT = new Set(['nsfwjs']);

describe('supported Node versions', () => {
  const supported = pkg.engines.node;

  it('is a valid range that includes the Node running this test', () => {
    expect(semver.validRange(supported)).not.toBeNull();
    expect(semver.satisfies(process.version, supported)).toBe(true);
  });

  it("lies inside every dependency's own engines range", () => {
    const outside: string[] = [];
    for (const [where, info] of Object.entries(lock.packages)) {
      const engines = info.engines;
      const theirs = engines && !Array.isArray(engines) ? engines.node : undefined;
      if (!where || !theirs) continue;
      // Platform builds for other machines (sharp's 32-bit Windows binary) are listed but never installed here.
      if (info.optional && !existsSync(path.join(root, where))) continue;
      const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
      if (EXACT_VERSION_NOT_A_REQUIREMENT.has(name) && semver.valid(theirs)) continue;
      const ours = DECLARE_22_RUN_ON_20.has(name)
        ? semver.validRange(supported.replace(NODE_20_LINE, '').replace(/^\s*\|\|\s*/, ''))!
        : supported;
      if (!semver.subset(ours, theirs)) outside.push(`${name} wants ${theirs}`);
    }
    expect(outside).toEqual([]);
  });

  it('is the range the README states', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`\`${supported}\``);
  });
});

import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How the browser suite gets its Chromium, so that `npm install` then `npm test` is all a newcomer types:
 * CHROMIUM_PATH when set; else Debian's Chromium headless shell (`chromium-headless-shell`); else, as root on Debian
 * or Ubuntu, that shell and the colour emoji font from apt-get (as Playwright's `install --with-deps` installs its
 * system dependencies), falling back to a full Chromium already there if apt-get fails; else a full Chromium or
 * Chrome already installed (on PATH, then the usual places); else one line that says what to run.
 * The headless shell first because the suite is CPU-bound on CI's 2 cores and the shell, without the full browser's
 * window and UI layers, takes a third less CPU for the same journeys (docs/decisions/0029-headless-shell.md). The
 * full Chromium is installed beside it for the journeys about push, which the shell lacks (`fullBrowserPath`).
 * The decision (`planBrowser`) is pure over the lookups below so a unit test can walk every branch.
 */

/** Packages the test command may install; the emoji font makes chat reactions render in screenshots. */
export const BROWSER_PACKAGES = ['chromium-headless-shell', 'chromium', 'fonts-noto-color-emoji'] as const;

const SHELL_NAME = 'chromium-headless-shell';
const SHELL_LOCATIONS = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'];

const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

const USUAL_LOCATIONS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** What the plan needs to know about the machine. */
export interface Machine {
  env: Record<string, string | undefined>;
  isExecutable(file: string): boolean;
  /** /etc/os-release, or undefined when there is none. */
  osRelease: string | undefined;
  isRoot: boolean;
  /** Runs a command to the end and returns its exit status (only the install plan runs anything). */
  run(command: string, args: string[]): number | null;
}

export type BrowserPlan =
  | { action: 'use'; path: string; foundBy: 'CHROMIUM_PATH' | 'PATH' | 'usual location' }
  /** `fallback`: a full Chromium already on the machine, used when the install fails (no network, a held lock). */
  | { action: 'install'; commands: string[][]; notice: string; fallback?: string }
  | { action: 'stop'; message: string };

function onPath(machine: Machine, name: string): string | undefined {
  for (const dir of (machine.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (machine.isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** Debian, Ubuntu or a derivative (ID or ID_LIKE in /etc/os-release), with apt-get on PATH. */
function hasApt(machine: Machine): boolean {
  const release = machine.osRelease ?? '';
  const ids = [/^ID=(.*)$/m, /^ID_LIKE=(.*)$/m].flatMap((re) =>
    (re.exec(release)?.[1] ?? '').replaceAll('"', '').split(/\s+/),
  );
  return ids.some((id) => id === 'debian' || id === 'ubuntu') && onPath(machine, 'apt-get') !== undefined;
}

export function planBrowser(machine: Machine): BrowserPlan {
  const fromEnv = machine.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (machine.isExecutable(fromEnv)) return { action: 'use', path: fromEnv, foundBy: 'CHROMIUM_PATH' };
    return {
      action: 'stop',
      message: `CHROMIUM_PATH=${fromEnv} is not an executable file: point it at a Chromium or Chrome binary, or unset it.`,
    };
  }
  const shell = findBrowser(machine, [SHELL_NAME], SHELL_LOCATIONS);
  if (shell) return shell;
  const full = findBrowser(machine, PATH_NAMES, USUAL_LOCATIONS);

  const aptCommand = `apt-get install -y ${BROWSER_PACKAGES.join(' ')}`;
  if (hasApt(machine) && machine.isRoot) {
    return {
      action: 'install',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', ...BROWSER_PACKAGES],
      ],
      notice: `steep: no Chromium headless shell found; installing it, the full Chromium and the colour emoji font from Debian for the browser tests (${aptCommand}).`,
      ...(full ? { fallback: full.path } : {}),
    };
  }
  if (full) return full;
  if (hasApt(machine)) {
    return {
      action: 'stop',
      message: `No Chromium found for the browser tests: run \`sudo ${aptCommand}\` (or set CHROMIUM_PATH to a Chromium or Chrome binary), then npm test again.`,
    };
  }
  return {
    action: 'stop',
    message:
      'No Chromium found for the browser tests: install Chromium or Google Chrome, or set CHROMIUM_PATH=/path/to/chromium, then npm test again.',
  };
}

function findBrowser(
  machine: Machine,
  names: readonly string[],
  locations: readonly string[],
): Extract<BrowserPlan, { action: 'use' }> | undefined {
  for (const name of names) {
    const found = onPath(machine, name);
    if (found) return { action: 'use', path: found, foundBy: 'PATH' };
  }
  const usual = locations.find((file) => machine.isExecutable(file));
  return usual ? { action: 'use', path: usual, foundBy: 'usual location' } : undefined;
}

export function thisMachine(): Machine {
  let osRelease: string | undefined;
  try {
    osRelease = readFileSync('/etc/os-release', 'utf8');
  } catch {
    osRelease = undefined;
  }
  return {
    env: process.env,
    isExecutable(file) {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    osRelease,
    isRoot: process.getuid?.() === 0,
    run(command, args) {
      const result = spawnSync(command, args, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      return result.status;
    },
  };
}

/** The browser to launch, found without installing anything (the e2e global setup has made sure of one). */
export function browserPath(): string {
  const plan = planBrowser(thisMachine());
  if (plan.action === 'use') return plan.path;
  throw new Error(plan.action === 'stop' ? plan.message : 'No Chromium found: run the e2e suite through vitest.');
}

/**
 * A full Chromium or Chrome for the journeys about what the headless shell lacks (the Push API and its permission):
 * the one on the machine (the install plan puts Debian's beside the shell), else the browser the suite uses.
 */
export function fullBrowserPath(): string {
  return findBrowser(thisMachine(), PATH_NAMES, USUAL_LOCATIONS)?.path ?? browserPath();
}

/**
 * Finds a browser, installing one when the plan says so, and returns its path; throws one line otherwise.
 */
export function ensureBrowser(machine: Machine = thisMachine()): string {
  const plan = planBrowser(machine);
  if (plan.action === 'stop') throw new Error(plan.message);
  if (plan.action === 'install') {
    console.log(plan.notice);
    for (const [command = '', ...args] of plan.commands) {
      const status = machine.run(command, args);
      if (status === 0) continue;
      const failed = `\`${[command, ...args].join(' ')}\` failed (exit ${status})`;
      if (!plan.fallback) throw new Error(`${failed}.`);
      console.log(`steep: ${failed}; using ${plan.fallback} instead.`);
      return useBrowser(machine, plan.fallback);
    }
    const after = planBrowser(machine);
    if (after.action !== 'use')
      throw new Error(`Installed ${BROWSER_PACKAGES.join(' ')} but found no Chromium afterwards.`);
    return useBrowser(machine, after.path);
  }
  return useBrowser(machine, plan.path);
}

/** Sets CHROMIUM_PATH (process.env on the real machine) so the test workers launch the same binary. */
function useBrowser(machine: Machine, file: string): string {
  machine.env.CHROMIUM_PATH = file;
  return file;
}

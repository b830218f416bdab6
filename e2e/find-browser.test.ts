import { describe, expect, it, vi } from 'vitest';
import { ensureBrowser, planBrowser, type Machine } from './find-browser';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n';

/** A pretend machine: only the listed files are executable; nothing on it is ever run. */
function machine(options: {
  executables?: string[];
  env?: Record<string, string>;
  osRelease?: string;
  isRoot?: boolean;
}): Machine {
  const executables = new Set(options.executables ?? []);
  return {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...options.env },
    isExecutable: (file) => executables.has(file),
    osRelease: options.osRelease,
    isRoot: options.isRoot ?? false,
    run: () => {
      throw new Error('nothing is run here');
    },
  };
}

describe('the browser the test command uses', () => {
  it('takes CHROMIUM_PATH when it is set, before anything on PATH', () => {
    const plan = planBrowser(
      machine({
        env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
        executables: ['/opt/chrome/chrome', '/usr/bin/chromium'],
      }),
    );
    expect(plan).toEqual({ action: 'use', path: '/opt/chrome/chrome', foundBy: 'CHROMIUM_PATH' });
  });

  it('stops with one line when CHROMIUM_PATH names no executable', () => {
    const plan = planBrowser(machine({ env: { CHROMIUM_PATH: '/nope/chrome' }, executables: ['/usr/bin/chromium'] }));
    expect(plan.action).toBe('stop');
    if (plan.action === 'stop') {
      expect(plan.message).toContain('CHROMIUM_PATH=/nope/chrome');
      expect(plan.message).not.toContain('\n');
    }
  });

  it.each([
    ['chromium', '/usr/bin/chromium'],
    ['chromium-browser', '/usr/local/bin/chromium-browser'],
    ['google-chrome', '/bin/google-chrome'],
  ])('finds %s on PATH', (_name, file) => {
    expect(planBrowser(machine({ executables: [file], osRelease: DEBIAN, isRoot: true }))).toEqual({
      action: 'use',
      path: file,
      foundBy: 'PATH',
    });
  });

  it("takes Debian's headless shell before a full Chromium, on PATH or where Debian puts it", () => {
    expect(planBrowser(machine({ executables: ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'] }))).toEqual({
      action: 'use',
      path: '/usr/bin/chromium-headless-shell',
      foundBy: 'PATH',
    });
    expect(
      planBrowser(
        machine({
          env: { PATH: '/bin' },
          executables: ['/usr/bin/chromium', '/usr/lib/chromium/chromium-headless-shell'],
        }),
      ),
    ).toEqual({ action: 'use', path: '/usr/lib/chromium/chromium-headless-shell', foundBy: 'usual location' });
  });

  it('installs the headless shell as root on Debian even where a full Chromium is, keeping that as the fallback', () => {
    const plan = planBrowser(
      machine({ executables: ['/usr/bin/apt-get', '/usr/bin/chromium'], osRelease: DEBIAN, isRoot: true }),
    );
    expect(plan).toMatchObject({ action: 'install', fallback: '/usr/bin/chromium' });
  });

  it('finds Chrome in its usual install location when it is not on PATH', () => {
    expect(planBrowser(machine({ executables: ['/opt/google/chrome/chrome'] }))).toEqual({
      action: 'use',
      path: '/opt/google/chrome/chrome',
      foundBy: 'usual location',
    });
  });

  it.each([
    ['Debian', DEBIAN],
    ['Ubuntu', UBUNTU],
  ])(
    'installs the headless shell and the emoji font with apt-get as root on %s, saying so in one line',
    (_os, osRelease) => {
      const plan = planBrowser(machine({ executables: ['/usr/bin/apt-get'], osRelease, isRoot: true }));
      expect(plan).toEqual({
        action: 'install',
        commands: [
          ['apt-get', 'update', '-qq'],
          ['apt-get', 'install', '-y', '-qq', 'chromium-headless-shell', 'chromium', 'fonts-noto-color-emoji'],
        ],
        notice: expect.stringMatching(
          /^steep: no Chromium headless shell found; installing .*chromium-headless-shell.*chromium.*fonts-noto-color-emoji[^\n]*$/,
        ),
      });
    },
  );

  it('tells a non-root Debian user exactly what to run', () => {
    const plan = planBrowser(machine({ executables: ['/usr/bin/apt-get'], osRelease: DEBIAN, isRoot: false }));
    expect(plan).toEqual({
      action: 'stop',
      message: expect.stringContaining(
        'run `sudo apt-get install -y chromium-headless-shell chromium fonts-noto-color-emoji`',
      ),
    });
  });

  it('does not reach for apt-get on a machine without it', () => {
    for (const m of [
      machine({ osRelease: FEDORA, isRoot: true, executables: ['/usr/bin/apt-get'] }),
      machine({ osRelease: DEBIAN, isRoot: true }),
      machine({ osRelease: undefined, isRoot: true }),
    ]) {
      const plan = planBrowser(m);
      expect(plan.action).toBe('stop');
      if (plan.action === 'stop') {
        expect(plan.message).toMatch(/install Chromium or Google Chrome, or set CHROMIUM_PATH=/);
        expect(plan.message).not.toContain('\n');
      }
    }
  });

  it('ensureBrowser returns the browser found and throws the one-line message otherwise, running nothing', () => {
    const found = machine({ env: { CHROMIUM_PATH: '/x/chrome' }, executables: ['/x/chrome'] });
    expect(ensureBrowser(found)).toBe('/x/chrome');
    expect(() => ensureBrowser(machine({ osRelease: FEDORA }))).toThrow(/^No Chromium found for the browser tests/);
  });

  it('ensureBrowser runs the install plan, then uses the Chromium it installed', () => {
    const debian = machine({ executables: ['/usr/bin/apt-get'], osRelease: DEBIAN, isRoot: true });
    const ran: string[] = [];
    debian.run = (command, args) => {
      ran.push([command, ...args].join(' '));
      // What apt-get would leave behind; no real command runs in this test.
      if (args[0] === 'install')
        debian.isExecutable = (file) => file === '/usr/bin/chromium-headless-shell' || file === '/usr/bin/apt-get';
      return 0;
    };
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(ensureBrowser(debian)).toBe('/usr/bin/chromium-headless-shell');
    expect(ran).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq chromium-headless-shell chromium fonts-noto-color-emoji',
    ]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(debian.env.CHROMIUM_PATH).toBe('/usr/bin/chromium-headless-shell');
    log.mockRestore();
  });

  it('ensureBrowser uses the full Chromium already there when the install fails, and says so', () => {
    const debian = machine({ executables: ['/usr/bin/apt-get', '/usr/bin/chromium'], osRelease: DEBIAN, isRoot: true });
    debian.run = () => 100;
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(ensureBrowser(debian)).toBe('/usr/bin/chromium');
    expect(log).toHaveBeenLastCalledWith(
      'steep: `apt-get update -qq` failed (exit 100); using /usr/bin/chromium instead.',
    );
    expect(debian.env.CHROMIUM_PATH).toBe('/usr/bin/chromium');
    log.mockRestore();
  });

  it('ensureBrowser stops with the failing command when apt-get fails', () => {
    const debian = machine({ executables: ['/usr/bin/apt-get'], osRelease: DEBIAN, isRoot: true });
    debian.run = () => 100;
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(() => ensureBrowser(debian)).toThrow('`apt-get update -qq` failed (exit 100).');
    log.mockRestore();
  });
});

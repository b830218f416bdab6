import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BadgeId } from '../../../contract/badges';
import { badgeAwarder } from './awarding';
import { evaluateBadges, type BadgeDeps } from './service';

vi.mock('./service', () => ({ evaluateBadges: vi.fn() }));
const evaluate = vi.mocked(evaluateBadges);

/** An awarder whose evaluations finish when the test says, and whose tracked work the test can await. */
function awarder() {
  const tracked: Promise<unknown>[] = [];
  const pending: Array<() => void> = [];
  evaluate.mockImplementation(
    () =>
      new Promise((resolve) => {
        pending.push(() => resolve([]));
      }),
  );
  const deps = { events: { track: (work: Promise<unknown>) => tracked.push(work) } } as unknown as BadgeDeps;
  const errors: unknown[] = [];
  const award = badgeAwarder(deps, (error) => errors.push(error));
  const finishAll = async () => {
    while (pending.length > 0) pending.shift()!();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { award, pending, finishAll, errors };
}

const calls = () => evaluate.mock.calls.map(([, userId, ids]) => [userId, [...(ids as BadgeId[])].sort()]);

describe('badge triggers are evaluated in rounds', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    evaluate.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('evaluates a member once for the triggers of a round, with every badge they named', async () => {
    const { award } = awarder();
    for (let i = 0; i < 10; i++) award(['ana'], ['conversation_starter', 'good_listener']);
    award(['ana', 'bea'], ['first_match']);
    expect(evaluate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(calls()).toEqual([
      ['ana', ['conversation_starter', 'first_match', 'good_listener']],
      ['bea', ['first_match']],
    ]);
  });

  it('runs at most two evaluations at once, and the rest after them', async () => {
    const { award, pending, finishAll } = awarder();
    award(['ana', 'bea', 'cleo', 'dee'], ['first_match']);
    await vi.advanceTimersByTimeAsync(50);
    expect(pending).toHaveLength(2);
    await finishAll();
    expect(pending).toHaveLength(2);
    await finishAll();
    expect(calls().map(([userId]) => userId)).toEqual(['ana', 'bea', 'cleo', 'dee']);
  });

  it('evaluates again a member whose trigger came while hers ran: nothing is missed', async () => {
    const { award, pending, finishAll } = awarder();
    award(['ana'], ['conversation_starter']);
    await vi.advanceTimersByTimeAsync(50);
    expect(pending).toHaveLength(1);
    award(['ana'], ['good_listener']);
    await vi.advanceTimersByTimeAsync(50);
    // Not beside her running evaluation: after it.
    expect(pending).toHaveLength(1);
    await finishAll();
    await vi.advanceTimersByTimeAsync(50);
    expect(calls()).toEqual([
      ['ana', ['conversation_starter']],
      ['ana', ['good_listener']],
    ]);
  });

  it('reports a failed evaluation and goes on with the others', async () => {
    const { award, errors } = awarder();
    evaluate.mockRejectedValueOnce(new Error('database gone')).mockResolvedValue([]);
    award(['ana', 'bea'], ['first_match']);
    await vi.advanceTimersByTimeAsync(50);
    expect(errors).toEqual([new Error('database gone')]);
    expect(calls().map(([userId]) => userId)).toEqual(['ana', 'bea']);
  });
});

import { describe, expect, it } from 'vitest';
import { HashSlots } from './password';

/** Other hashing work never starves sign-ins. */
describe('HashSlots priorities', () => {
  const blocker = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { work: () => done, release };
  };

  it('keeps a slot for sign-ins: other work holds at most limit - 1', async () => {
    const slots = new HashSlots(2);
    const others = [blocker(), blocker()];
    const running = others.map((b) => slots.run(b.work, 'other'));
    // The second "other" waits; a sign-in runs at once in the slot kept for it.
    expect(await slots.run(async () => 'signed in', 'sign-in')).toBe('signed in');
    others.forEach((b) => b.release());
    await Promise.all(running);
  });

  it('hands a freed slot to a waiting sign-in before other work that queued earlier', async () => {
    const slots = new HashSlots(1);
    const first = blocker();
    const order: string[] = [];
    const holding = slots.run(first.work, 'other');
    const other = slots.run(async () => void order.push('other'), 'other');
    const signIn = slots.run(async () => void order.push('sign-in'), 'sign-in');
    first.release();
    await Promise.all([holding, other, signIn]);
    expect(order).toEqual(['sign-in', 'other']);
  });

  it('refuses other work with 503 on its shorter line while sign-ins still queue', async () => {
    const slots = new HashSlots(1, 8);
    const first = blocker();
    const holding = slots.run(first.work, 'sign-in');
    const queuedOthers = [slots.run(async () => 1, 'other'), slots.run(async () => 2, 'other')];
    await expect(slots.run(async () => 3, 'other')).rejects.toMatchObject({ status: 503 });
    const queuedSignIns = Array.from({ length: 8 }, (_, i) => slots.run(async () => i, 'sign-in'));
    await expect(slots.run(async () => 9, 'sign-in')).rejects.toMatchObject({ status: 503 });
    first.release();
    await Promise.all([holding, ...queuedOthers, ...queuedSignIns]);
  });
});

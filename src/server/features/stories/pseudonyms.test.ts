import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pseudonymsInOrder, TEA_NAMES } from './pseudonyms';

const tag = (seed: string) => createHmac('sha256', 'k').update(seed).digest('base64url');

describe('reply pseudonyms', () => {
  it('names a tag the same way every time, as a tea name and a number', () => {
    const names = pseudonymsInOrder([tag('a'), tag('b')]);
    expect(pseudonymsInOrder([tag('a')]).get(tag('a'))).toBe(names.get(tag('a')));
    expect(names.get(tag('a'))).toMatch(new RegExp(`^(${TEA_NAMES.join('|')}) ([1-9]|[1-9][0-9])$`));
  });

  it('never gives two repliers of one thread the same name: the later one takes the next number', () => {
    // Two different tags with the same first four bytes land on the same slot.
    const first = Buffer.alloc(32, 1);
    const second = Buffer.alloc(32, 1);
    second[31] = 2;
    const [a, b] = [first.toString('base64url'), second.toString('base64url')];
    const names = pseudonymsInOrder([a, b]);
    expect(names.get(a)).not.toBe(names.get(b));
    expect(pseudonymsInOrder([a]).get(a)).toBe(names.get(a));
  });

  it('names every replier of a very long thread, past the list', () => {
    const tags = Array.from({ length: TEA_NAMES.length * 99 + 5 }, (_, i) => tag(String(i)));
    const names = pseudonymsInOrder(tags);
    expect(new Set(names.values()).size).toBe(tags.length);
  });
});

import { describe, expect, it } from 'vitest';
import { boostMinutesLeft } from './boost';

describe('boost minutes left', () => {
  const start = Date.parse('2026-11-23T12:00:00Z');
  const until = new Date(start + 30 * 60_000).toISOString();

  it('a 30-minute boost reads 30 when it starts, even a moment after or before the clock read', () => {
    expect(boostMinutesLeft(until, start)).toBe(30);
    expect(boostMinutesLeft(until, start + 250)).toBe(30);
    // The answer arrived a little after the tile last read the clock (the old rounding said 31).
    expect(boostMinutesLeft(until, start - 20_000)).toBe(30);
  });

  it('counts down by whole minutes and never shows 0 while it runs', () => {
    expect(boostMinutesLeft(until, start + 10 * 60_000)).toBe(20);
    expect(boostMinutesLeft(until, start + 29 * 60_000 + 50_000)).toBe(1);
  });
});

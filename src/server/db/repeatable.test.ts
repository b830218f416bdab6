import { describe, expect, it } from 'vitest';
import { repeatableSql } from './repeatable';

describe('repeatable SQL', () => {
  it("finds each feature's database functions beside the feature, each one a CREATE OR REPLACE", () => {
    const files = repeatableSql();
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining(['matches/sql/record_swipe.sql', 'matches/sql/swipe_usage.sql']),
    );
    for (const { file, text } of files) expect(text, file).toMatch(/CREATE OR REPLACE FUNCTION/);
  });
});

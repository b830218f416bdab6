import { describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '../../../contract/safety';
import { REPORT_REASON_LABELS } from './safety';

// The server names a warning's rule in these words (src/server/i18n/web-catalogues.test.ts reads them from the
// catalogues by the contract's label): the web's English for each reason must be the contract's.
describe('report reason labels', () => {
  it('are the contract’s labels, in the contract’s order', () => {
    expect(Object.entries(REPORT_REASON_LABELS).map(([value, label]) => ({ value, label: label.message }))).toEqual(
      REPORT_REASONS.map((reason) => ({ value: reason.value, label: reason.label })),
    );
  });
});

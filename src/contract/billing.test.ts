import { describe, expect, it } from 'vitest';
import { PLANS, bestValuePlan, monthlyCostCents } from './billing';

describe('Best Value', () => {
  it('goes to the plan that costs least per month at the current prices', () => {
    // $3.99 a month (the launch sale) against $59.99 a year ($5.00 a month).
    expect(monthlyCostCents(PLANS.monthly)).toBe(399);
    expect(monthlyCostCents(PLANS.annual)).toBeCloseTo(499.92, 2);
    expect(bestValuePlan()).toBe('monthly');
  });

  it('moves when the prices change', () => {
    const afterTheSale = { ...PLANS, monthly: { ...PLANS.monthly, priceCents: 799 } };
    expect(bestValuePlan(afterTheSale)).toBe('annual');
  });
});

/**
 * How far away a card says she is: coarse on purpose. Distances are between city centres, and a
 * band hides even that, so no one can triangulate anyone.
 * Same city → 'In your city'; up to 25 mi in steps of 5; up to 100 mi in steps of 10; beyond, steps of 25.
 */
export function distanceBand(miles: number, sameCity: boolean): string {
  if (sameCity) return 'In your city';
  const step = miles <= 25 ? 5 : miles <= 100 ? 10 : 25;
  const rounded = Math.max(step, Math.round(miles / step) * step);
  return `~${rounded} mi`;
}

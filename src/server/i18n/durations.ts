/**
 * A wait in words, in the unit a person would say it in ('45 seconds', '15 minutes', '1 hora', '2 días'):
 * the largest unit that is at least one, rounded to the nearest whole (as @fastify/rate-limit's English was).
 */
export function durationWords(language: 'en' | 'es', seconds: number): string {
  const units = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ] as const;
  const [unit, size] = units.find(([, size]) => seconds >= size) ?? (['second', 1] as const);
  const amount = Math.max(1, Math.round(seconds / size));
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}

import type { BenchRow } from './report';

export interface Bench {
  name: string;
  /** Runs only against PostgreSQL (DATABASE_URL set). */
  postgresOnly?: boolean;
  load: () => Promise<{ run: () => Promise<BenchRow[]> }>;
}

/** Every benchmark of `npm run bench`, in the order it runs them. */
export const BENCHES: Bench[] = [
  { name: 'api', load: () => import('./api') },
  { name: 'discovery', load: () => import('./discovery') },
  { name: 'swipes', postgresOnly: true, load: () => import('./swipes') },
  { name: 'chat', load: () => import('./chat') },
  { name: 'event-loop', load: () => import('./event-loop') },
  { name: 'memory', load: () => import('./memory') },
  { name: 'bundle', load: () => import('./bundle') },
  { name: 'web-vitals', load: () => import('./web-vitals') },
  { name: 'lighthouse', load: () => import('./lighthouse') },
];

import { Leaf } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The Steep wordmark with its tea-leaf mark. */
export function Logo({ size = 'md', className }: { size?: 'md' | 'lg'; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-plum-800', className)}>
      <span
        aria-hidden
        className={cn(
          'grid place-items-center rounded-xl bg-plum-700 text-matcha-200 shadow-[0_4px_10px_-4px_rgb(107_36_88/0.7)]',
          size === 'lg' ? 'size-12 rounded-2xl' : 'size-9',
        )}
      >
        <Leaf className={size === 'lg' ? 'size-7' : 'size-5'} strokeWidth={2.25} />
      </span>
      <span className={cn('font-display font-semibold tracking-tight', size === 'lg' ? 'text-4xl' : 'text-2xl')}>
        Steep
      </span>
    </span>
  );
}

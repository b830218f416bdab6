import { cn } from '../../lib/cn';

/**
 * A horizontal percentage meter. The fill is scaled with a transform, not resized, so changes animate
 * on the compositor.
 */
export function Meter({
  percent,
  label,
  labelledBy,
  complete = false,
}: {
  percent: number;
  /** The accessible name, unless `labelledBy` points at a visible label. */
  label?: string;
  labelledBy?: string;
  /** Drawn in the success colour. */
  complete?: boolean;
}) {
  return (
    <div
      role="progressbar"
      {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 overflow-hidden rounded-full bg-plum-100"
    >
      <div
        className={cn(
          'h-full w-full origin-left rounded-full transition-transform duration-500 ease-out',
          complete ? 'bg-matcha-500' : 'bg-gradient-to-r from-plum-500 to-plum-700',
        )}
        style={{ transform: `scaleX(${percent / 100})` }}
      />
    </div>
  );
}

import { cn } from '../lib/cn';

/** A round avatar: the first photo, or the first letter of the name. */
export function Avatar({ name, photos, className }: { name: string; photos: readonly string[]; className?: string }) {
  const photo = photos[0];
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className={cn(
        'grid size-10 shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-plum-500 to-plum-700 font-display text-lg font-semibold text-white ring-2 ring-white',
        className,
      )}
    >
      {photo ? <img src={photo} alt="" className="size-full object-cover" /> : <span aria-hidden>{initial}</span>}
    </span>
  );
}

import { cn } from '../lib/cn';
import { usePhotoThatLoads } from '../lib/photo-that-loads';

interface AvatarProps {
  name: string;
  photos: readonly string[];
  /** Size, text size and ring: the caller decides, so no class has to override another. */
  className: string;
}

/** The one round picture of a member: her first photo, or her initial on the plum gradient. */
export function Avatar({ name, photos, className }: AvatarProps) {
  const { photo, onError } = usePhotoThatLoads(photos[0]);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-plum-500 to-plum-700 font-display font-semibold text-white',
        className,
      )}
    >
      {photo ? (
        <img src={photo} alt="" draggable={false} onError={onError} className="size-full object-cover" />
      ) : (
        // Drawn by CSS, not text: the initial is decoration, and as text it would become part of the visible label
        // of every link around an avatar ("R Robin" vs "Chat with Robin", axe label-content-name-mismatch).
        <span aria-hidden data-initial={initial} className="before:content-[attr(data-initial)]" />
      )}
    </span>
  );
}

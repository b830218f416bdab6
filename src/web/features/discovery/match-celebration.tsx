import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { m } from 'motion/react';
import { Heart } from 'lucide-react';
import type { CelebratedMatch } from '../../lib/celebration-store';
import { Avatar } from '../../components/avatar';
import { useLingui } from '@lingui/react/macro';

interface MatchCelebrationProps {
  match: CelebratedMatch;
  me: { name: string; photos: readonly string[] };
  onClose: () => void;
}

/**
 * 'It's a Match!' over the whole screen, on its turn in the overlay queue (lib/overlay-queue.ts): nothing
 * else is drawn with it, and the badge the match earned waits until it closes.
 */
export function MatchCelebration({ match, me, onClose }: MatchCelebrationProps) {
  const chatLink = useRef<HTMLAnchorElement>(null);
  const { t } = useLingui();
  const name = match.otherUser.name;

  useEffect(() => {
    chatLink.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <m.div
      role="dialog"
      aria-labelledby="match-title"
      aria-describedby="match-text"
      className="fixed inset-0 z-40 flex items-center justify-center bg-plum-900/80 px-6 backdrop-blur-sm"
      initial={{ opacity: 0 }}
      animate={{ opacity: 1 }}
      exit={{ opacity: 0 }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <m.div
        className="grid w-full max-w-sm justify-items-center gap-6 text-center text-white"
        initial={{ scale: 0.85, y: 20 }}
        animate={{ scale: 1, y: 0 }}
        transition={{ type: 'spring', stiffness: 260, damping: 20 }}
      >
        <div className="flex items-center">
          <m.span initial={{ x: -40, rotate: -12 }} animate={{ x: 8, rotate: -6 }} transition={{ delay: 0.1 }}>
            <Avatar name={me.name} photos={me.photos} className="size-28 text-5xl ring-4 ring-white" />
          </m.span>
          <span className="z-10 grid size-12 place-items-center rounded-full bg-white text-plum-600 shadow-float">
            <Heart className="size-6" fill="currentColor" aria-hidden />
          </span>
          <m.span initial={{ x: 40, rotate: 12 }} animate={{ x: -8, rotate: 6 }} transition={{ delay: 0.1 }}>
            <Avatar
              name={match.otherUser.name}
              photos={match.otherUser.photos}
              className="size-28 text-5xl ring-4 ring-white"
            />
          </m.span>
        </div>
        <div className="grid gap-2">
          <h2 id="match-title" className="font-display text-5xl font-semibold italic">
            {match.mode === 'friends' ? t`New Friend!` : t`It's a Match!`}
          </h2>
          <p id="match-text" className="text-base leading-relaxed text-plum-100">
            {match.mode === 'friends' ? t`You and ${name} want to be friends.` : t`You and ${name} liked each other.`}
          </p>
        </div>
        <div className="grid w-full gap-3">
          <Link
            ref={chatLink}
            to={`/conversation/${match.id}`}
            // Going to the chat is done celebrating: the conversation must not sit under it.
            onClick={onClose}
            className="inline-flex min-h-13 w-full items-center justify-center rounded-full bg-white px-7 font-semibold text-plum-800 shadow-float transition-[background-color,transform] hover:bg-plum-50 active:scale-[0.98]"
          >
            {t`Send a Message`}
          </Link>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex min-h-13 w-full items-center justify-center rounded-full px-7 font-semibold text-white transition-[background-color,transform] hover:bg-white/10 active:scale-[0.98]"
          >
            {t`Keep Swiping`}
          </button>
        </div>
      </m.div>
    </m.div>
  );
}

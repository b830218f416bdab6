import { useEffect, useRef, useState } from 'react';
import { m, useReducedMotion } from 'motion/react';
import { Eye, Heart, HeartHandshake, Send, Star, X, Zap, type LucideIcon } from 'lucide-react';
import {
  FEEDBACK_ANIMATION_S,
  FEEDBACK_LIFETIME_MS,
  MATCH_PULSE_REPEATS,
  MICRO_INTERACTION_EVENT,
  MICRO_INTERACTION_STYLES,
  particleOffsets,
  readMicroInteraction,
  vibrationFor,
  type MicroInteractionDetail,
  type MicroInteractionType,
} from '../lib/micro-interactions';

const ICONS: Readonly<Record<MicroInteractionType, LucideIcon>> = {
  like: Heart,
  pass: X,
  super_like: Star,
  match: HeartHandshake,
  message_sent: Send,
  profile_view: Eye,
  boost: Zap,
};

interface FeedbackItem extends MicroInteractionDetail {
  id: number;
}

function vibrate(type: MicroInteractionType): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  try {
    navigator.vibrate(vibrationFor(type));
  } catch {
    // Some browsers refuse without a user gesture; feedback is optional.
  }
}

function Burst({ item }: { item: FeedbackItem }) {
  const reduceMotion = useReducedMotion();
  const style = MICRO_INTERACTION_STYLES[item.type];
  const Icon = ICONS[item.type];
  const isMatch = item.type === 'match';
  const filled = item.type === 'like' || item.type === 'super_like';

  return (
    <div
      data-micro-interaction={item.type}
      className="pointer-events-none fixed size-0"
      style={{ left: item.x, top: item.y }}
    >
      {!reduceMotion &&
        particleOffsets(style.particles, 24 + 56 * style.scale).map((offset, index) => (
          <m.span
            key={index}
            className="absolute -top-1.5 -left-1.5 size-3 rounded-full"
            style={{ backgroundColor: style.color }}
            initial={{ x: 0, y: 0, scale: 0.4, opacity: 0.95 }}
            animate={{ x: offset.x, y: offset.y, scale: [0.4, 1, 0.2], opacity: [0.95, 0.9, 0] }}
            transition={{ duration: FEEDBACK_ANIMATION_S, ease: 'easeOut', delay: index * 0.012 }}
          />
        ))}
      <m.span
        className="absolute -top-7 -left-7 grid size-14 place-items-center rounded-full bg-white/92 shadow-float"
        style={{ color: style.color }}
        initial={{ scale: 0, opacity: 0 }}
        animate={
          reduceMotion
            ? { scale: 1, opacity: [0, 1, 1, 0] }
            : { scale: [0, style.scale, style.scale * 0.9, isMatch ? style.scale * 0.9 : 0.6], opacity: [0, 1, 1, 0] }
        }
        transition={{ duration: FEEDBACK_ANIMATION_S, ease: 'easeOut', times: [0, 0.2, 0.75, 1] }}
      >
        <m.span
          className="grid place-items-center"
          animate={isMatch && !reduceMotion ? { scale: [1, 1.25, 1] } : { scale: 1 }}
          transition={
            isMatch && !reduceMotion
              ? { duration: 0.4, delay: 0.3, repeat: MATCH_PULSE_REPEATS, ease: 'easeInOut' }
              : { duration: 0 }
          }
        >
          <Icon className="size-7" strokeWidth={2.4} fill={filled ? 'currentColor' : 'none'} aria-hidden />
        </m.span>
      </m.span>
      {isMatch && !reduceMotion && (
        <m.span
          // The match fades out after its pulses.
          className="absolute -top-7 -left-7 size-14 rounded-full border-2"
          style={{ borderColor: style.color }}
          initial={{ scale: 1, opacity: 0.8 }}
          animate={{ scale: 3, opacity: 0 }}
          transition={{ duration: FEEDBACK_ANIMATION_S, ease: 'easeOut' }}
        />
      )}
    </div>
  );
}

/**
 * Draws every `micro-interaction` window event as an icon with particles at its point, and plays
 * the type's vibration pattern. Mount once; each item is removed after 2 s.
 */
export function FeedbackOverlay() {
  const [items, setItems] = useState<FeedbackItem[]>([]);
  const nextId = useRef(1);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onEvent = (event: Event) => {
      const detail = readMicroInteraction((event as CustomEvent<unknown>).detail);
      if (!detail) return;
      const id = nextId.current++;
      setItems((current) => [...current, { ...detail, id }]);
      vibrate(detail.type);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setItems((current) => current.filter((item) => item.id !== id));
      }, FEEDBACK_LIFETIME_MS);
      timers.add(timer);
    };
    window.addEventListener(MICRO_INTERACTION_EVENT, onEvent);
    return () => {
      window.removeEventListener(MICRO_INTERACTION_EVENT, onEvent);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  return (
    <div aria-hidden data-feedback-overlay className="pointer-events-none fixed inset-0 z-[90] overflow-hidden">
      {items.map((item) => (
        <Burst key={item.id} item={item} />
      ))}
    </div>
  );
}

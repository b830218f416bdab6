/**
 * The feedback overlay's event (product §4 "Feedback overlay", product §9 "Feedback particles"):
 * any screen fires `micro-interaction` on window with a type and screen coordinates; the overlay
 * mounted once in the shell draws it. A window event keeps senders free of any React wiring.
 */

export const MICRO_INTERACTION_EVENT = 'micro-interaction';

export const MICRO_INTERACTION_TYPES = [
  'like',
  'pass',
  'super_like',
  'match',
  'message_sent',
  'profile_view',
  'boost',
] as const;
export type MicroInteractionType = (typeof MICRO_INTERACTION_TYPES)[number];

export interface MicroInteractionDetail {
  type: MicroInteractionType;
  /** Viewport (client) coordinates in CSS pixels. */
  x: number;
  y: number;
}

/** Product §9: each item lives 2 s; its animation takes 1.5 s. */
export const FEEDBACK_LIFETIME_MS = 2000;
export const FEEDBACK_ANIMATION_S = 1.5;
/** Product §4: the match pulse repeats twice. */
export const MATCH_PULSE_REPEATS = 2;
/** Product §9: an unknown type vibrates 30 ms. */
const DEFAULT_VIBRATION_MS = 30;

interface MicroInteractionStyle {
  /** Accessible description announced for the item. */
  label: string;
  /** Icon colour and particle colour (CSS colours from the palette). */
  color: string;
  /** Peak scale of the icon. */
  scale: number;
  particles: number;
  vibration: number | number[];
}

/** Particle counts and vibration patterns are product §9's table; colours and scales are ours. */
export const MICRO_INTERACTION_STYLES: Readonly<Record<MicroInteractionType, MicroInteractionStyle>> = {
  like: { label: 'Liked', color: 'var(--color-plum-500)', scale: 1.3, particles: 8, vibration: 50 },
  pass: { label: 'Passed', color: 'var(--color-ink-soft)', scale: 1.1, particles: 4, vibration: 30 },
  super_like: { label: 'Super liked', color: '#2f7fd1', scale: 1.5, particles: 12, vibration: [50, 50, 50] },
  match: {
    label: "It's a match",
    color: 'var(--color-plum-600)',
    scale: 1.8,
    particles: 15,
    vibration: [200, 100, 200],
  },
  message_sent: { label: 'Message sent', color: 'var(--color-matcha-600)', scale: 1.1, particles: 6, vibration: 30 },
  profile_view: { label: 'Profile viewed', color: 'var(--color-plum-400)', scale: 1.1, particles: 5, vibration: 20 },
  boost: { label: 'Boosted', color: '#d98a1c', scale: 1.4, particles: 10, vibration: [100, 50, 100, 50] },
};

function isMicroInteractionType(value: unknown): value is MicroInteractionType {
  return typeof value === 'string' && (MICRO_INTERACTION_TYPES as readonly string[]).includes(value);
}

/** The vibration pattern for a type; anything unknown vibrates 30 ms. */
export function vibrationFor(type: string): number | number[] {
  return isMicroInteractionType(type) ? MICRO_INTERACTION_STYLES[type].vibration : DEFAULT_VIBRATION_MS;
}

/** Reads an event's detail; null when it is not a usable `{ type, x, y }`. */
export function readMicroInteraction(detail: unknown): MicroInteractionDetail | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { type, x, y } = detail as Record<string, unknown>;
  if (!isMicroInteractionType(type)) return null;
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  return { type, x, y };
}

/**
 * Where each particle flies to, relative to the centre: evenly spread around a circle, alternating
 * near and far so a burst does not look like a stiff ring.
 */
export function particleOffsets(count: number, radius = 72): Array<{ x: number; y: number }> {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * Math.PI * 2 - Math.PI / 2;
    const distance = i % 2 === 0 ? radius : radius * 0.7;
    return { x: Math.round(Math.cos(angle) * distance), y: Math.round(Math.sin(angle) * distance) };
  });
}

export function fireMicroInteraction(type: MicroInteractionType, x: number, y: number): void {
  window.dispatchEvent(new CustomEvent<MicroInteractionDetail>(MICRO_INTERACTION_EVENT, { detail: { type, x, y } }));
}

/** Fires at the centre of an element (a pressed button, the card that was swiped). */
export function fireMicroInteractionAt(type: MicroInteractionType, element: Element | null | undefined): void {
  if (!element) {
    fireMicroInteraction(type, window.innerWidth / 2, window.innerHeight / 2);
    return;
  }
  const rect = element.getBoundingClientRect();
  fireMicroInteraction(type, rect.left + rect.width / 2, rect.top + rect.height / 2);
}

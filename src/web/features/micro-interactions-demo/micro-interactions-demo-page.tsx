import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Eye, Heart, HeartHandshake, Send, Star, X, Zap, type LucideIcon } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  FEEDBACK_ANIMATION_S,
  FEEDBACK_LIFETIME_MS,
  MICRO_INTERACTION_STYLES,
  MICRO_INTERACTION_TYPES,
  fireMicroInteraction,
  fireMicroInteractionAt,
  type MicroInteractionType,
} from '../../lib/micro-interactions';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { activeLocale } from '../../lib/i18n';

const DEMO_BUTTONS: Readonly<Record<MicroInteractionType, { label: MessageDescriptor; icon: LucideIcon }>> = {
  like: { label: msg`Like`, icon: Heart },
  pass: { label: msg`Pass`, icon: X },
  super_like: { label: msg`Super Like`, icon: Star },
  match: { label: msg`Match`, icon: HeartHandshake },
  message_sent: { label: msg`Message Sent`, icon: Send },
  profile_view: { label: msg`Profile View`, icon: Eye },
  boost: { label: msg`Boost`, icon: Zap },
};

function formatVibration(pattern: number | number[]): string {
  const number = new Intl.NumberFormat(activeLocale());
  return `${Array.isArray(pattern) ? pattern.map((ms) => number.format(ms)).join('·') : number.format(pattern)} ms`;
}

/** /micro-interactions-demo: every feedback animation on demand (product §2 Demo screens). */
export function MicroInteractionsDemoPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Micro-interactions · Steep`);
  const [selected, setSelected] = useState<MicroInteractionType>('like');
  const selectedLabel = i18n._(DEMO_BUTTONS[selected].label);
  const number = new Intl.NumberFormat(activeLocale());
  const lifetime = number.format(FEEDBACK_LIFETIME_MS / 1000);
  const animation = number.format(FEEDBACK_ANIMATION_S);

  const playAtPointer = (event: MouseEvent<HTMLButtonElement>) => {
    // Keyboard activation has no pointer position (0, 0): play at the pad's centre instead.
    if (event.detail === 0) fireMicroInteractionAt(selected, event.currentTarget);
    else fireMicroInteraction(selected, event.clientX, event.clientY);
  };

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <Link to="/home" className={cn(buttonClasses('ghost', 'md'), '-ml-2 w-fit')}>
        <ArrowLeft className="size-4" aria-hidden />
        {t`Back to Discover`}
      </Link>
      <header className="px-1">
        <h1 className="font-display text-3xl font-semibold text-plum-900">{t`Micro-interactions`}</h1>
        <p className="mt-1 text-sm leading-relaxed text-ink-soft">
          {t`The little bursts you see when you like, pass, match or send a message. Each lasts ${lifetime} s and animates for ${animation} s; phones that can vibrate play its pattern too.`}
        </p>
      </header>

      <Card className="grid gap-3">
        <h2 className="font-semibold text-ink">{t`Play one`}</h2>
        <ul className="grid grid-cols-2 gap-2.5">
          {MICRO_INTERACTION_TYPES.map((type) => {
            const { label, icon: Icon } = DEMO_BUTTONS[type];
            const style = MICRO_INTERACTION_STYLES[type];
            const particles = style.particles;
            return (
              <li key={type}>
                <button
                  type="button"
                  onClick={(event) => {
                    setSelected(type);
                    fireMicroInteractionAt(type, event.currentTarget);
                  }}
                  className={cn(
                    'flex min-h-16 w-full items-center gap-2.5 rounded-2xl border px-2.5 py-2 text-left transition-[transform,background-color] active:scale-[0.97]',
                    selected === type ? 'border-plum-300 bg-plum-50' : 'border-cream-300 bg-cream-50 hover:bg-white',
                  )}
                >
                  <span
                    aria-hidden
                    className="grid size-9 shrink-0 place-items-center rounded-full bg-white shadow-card"
                    style={{ color: style.color }}
                  >
                    <Icon className="size-5" strokeWidth={2.4} />
                  </span>
                  <span className="grid leading-tight">
                    <span className="text-sm font-semibold text-ink">{i18n._(label)}</span>
                    <span className="text-xs text-ink-soft">{t`${particles} particles`}</span>
                    <span className="text-xs text-ink-soft">
                      <span className="sr-only">{t`Vibrates`} </span>
                      {formatVibration(style.vibration)}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card className="grid gap-3">
        <div>
          <h2 className="font-semibold text-ink">{t`Tap anywhere`}</h2>
          <p className="text-sm text-ink-soft">
            <Trans>
              Plays <span className="font-medium text-plum-800">{selectedLabel}</span> where you tap.
            </Trans>
          </p>
        </div>
        <button
          type="button"
          onClick={playAtPointer}
          aria-label={t`Tap here to play ${selectedLabel}`}
          className="h-40 rounded-2xl border-2 border-dashed border-plum-200 bg-[radial-gradient(circle_at_30%_20%,var(--color-plum-50),transparent_60%),radial-gradient(circle_at_80%_80%,var(--color-matcha-50),transparent_55%)] text-sm font-medium text-plum-700"
        >
          {t`Tap here`}
        </button>
      </Card>
    </div>
  );
}

import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Coffee, HeartHandshake, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '../../components/language-switch';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { withMessages } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../../lib/session';
import type { AuthTab } from './auth-card';
import { hasSignUpDraft } from './signup-draft-key';

// The card (its tabs, the forms and the sign-up city catalogue) loads when it opens, not with the landing page.
const AuthCard = lazyPart(withMessages('visitor', () => import('./auth-card').then((m) => ({ default: m.AuthCard }))));
// A screen tall: the page scrolls the card to the top as it opens, and with a shorter placeholder the page ended
// first, leaving the form at the bottom of the screen (tryout).
function FormFallback() {
  const { t } = useLingui();
  return <div role="status" aria-label={t`Loading`} className="h-dvh animate-pulse rounded-2xl bg-cream-200/60" />;
}

const FEATURES: ReadonlyArray<{ icon: LucideIcon; title: MessageDescriptor; text: MessageDescriptor }> = [
  {
    icon: HeartHandshake,
    title: msg`Swipe, match and chat`,
    text: msg`Meet lesbian, bi and pan women and non-binary people near you, and talk in real time.`,
  },
  {
    icon: Coffee,
    title: msg`Spill the Tea`,
    text: msg`With Premium: an anonymous story community where members share the good, the bad and the hilarious.`,
  },
  {
    icon: ShieldCheck,
    title: msg`Safety, steeped in`,
    text: msg`Profile verification, ghost mode, blocking and reporting whenever you need them.`,
  },
];

/**
 * The landing page's history entry. An open card is an entry of its own, so Back closes it again instead of
 * leaving the app. `openLogin`: back from the password screens, after a reset, or sent to log in first;
 * `username`: whose login form it is (after a reset).
 */
export interface LandingState {
  openLogin?: boolean;
  openSignUp?: boolean;
  username?: string;
}

export function LandingPage() {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const entry = location.state as LandingState | null;
  const openLogin = entry?.openLogin === true;
  // A sign-up she had started before a reload: the card opens on it again, with what she typed.
  const [resumingSignUp] = useState(() => !openLogin && hasSignUpDraft());
  const authOpen = openLogin || entry?.openSignUp === true || resumingSignUp;
  const [tab, setTab] = useState<AuthTab>(resumingSignUp || entry?.openSignUp ? 'signup' : 'login');
  // Opened from the keyboard (a click with no pointer): her focus goes into the form, not to the page.
  const [focusForm, setFocusForm] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Steep: dating for queer women and non-binary people`);

  useEffect(() => {
    if (authOpen) cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [authOpen]);

  if (user) return <Navigate to="/home" replace />;

  const openAuth = (next: AuthTab, event: MouseEvent) => {
    setTab(next);
    setFocusForm(event.detail === 0);
    const opened: LandingState = next === 'login' ? { openLogin: true } : { openSignUp: true };
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { state: opened });
  };

  return (
    <div className="relative mx-auto min-h-dvh w-full max-w-md overflow-hidden bg-cream-100 sm:shadow-[0_0_0_1px_rgb(58_19_49/0.06),0_30px_60px_-30px_rgb(58_19_49/0.35)]">
      {/* Soft steeped-colour washes behind the hero. */}
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-24 size-80 rounded-full bg-plum-300/45 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute top-40 -left-32 size-72 rounded-full bg-matcha-200/60 blur-3xl"
      />

      <main className="relative px-6 pt-[max(1.5rem,env(safe-area-inset-top))] pb-12">
        <header className="flex items-center justify-between">
          <Logo />
          <div className="-mr-3 flex items-center gap-1">
            <LanguageSwitch />
            {!authOpen && (
              <Button variant="ghost" onClick={(event) => openAuth('login', event)} className="text-sm">
                {t`Log in`}
              </Button>
            )}
          </div>
        </header>

        <section aria-labelledby="landing-title" className="pt-12">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/80 px-3.5 py-1.5 text-xs font-semibold tracking-wide text-matcha-700 shadow-[0_1px_2px_rgb(58_19_49/0.06)]">
            <span aria-hidden className="size-1.5 rounded-full bg-matcha-500" />
            {t`For queer women and non-binary people`}
          </p>
          <h1
            id="landing-title"
            className="font-display text-[2.6rem] leading-[1.05] font-semibold tracking-tight text-plum-900"
          >
            {/* Two messages, not a <Trans>: the landing page stays off @lingui/react's Trans (its JS budget). */}
            {t`Find your`}
            <br />
            <span className="text-plum-600 italic">{t`perfect blend.`}</span>
          </h1>
          <p className="mt-4 max-w-[22rem] text-[1.05rem] leading-relaxed text-ink-soft">
            {t`Steep is where lesbian, bisexual and pansexual women and non-binary people meet, match and share their tea.`}
          </p>

          <ul className="mt-8 grid gap-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li
                key={title.id}
                className="flex items-start gap-4 rounded-3xl bg-white/75 p-4 shadow-[0_1px_2px_rgb(58_19_49/0.05)] backdrop-blur-sm"
              >
                <span
                  aria-hidden
                  className="grid size-11 shrink-0 place-items-center rounded-2xl bg-plum-50 text-plum-700"
                >
                  <Icon className="size-5.5" strokeWidth={2} />
                </span>
                <span className="grid gap-0.5">
                  <span className="font-semibold text-ink">{i18n._(title)}</span>
                  <span className="text-sm leading-snug text-ink-soft">{i18n._(text)}</span>
                </span>
              </li>
            ))}
          </ul>

          {!authOpen && (
            <Button size="lg" block onClick={(event) => openAuth('signup', event)} className="mt-8">
              {t`Get Started`}
            </Button>
          )}
        </section>

        <div ref={cardRef} className="scroll-mt-4">
          {authOpen && (
            <div className="mt-8 animate-sheet-up rounded-[1.75rem] border border-plum-100/70 bg-white p-5 shadow-card motion-reduce:animate-none">
              <Suspense fallback={<FormFallback />}>
                <AuthCard
                  tab={tab}
                  onTabChange={(next, focus) => {
                    setFocusForm(focus);
                    setTab(next);
                  }}
                  focusForm={focusForm}
                />
              </Suspense>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

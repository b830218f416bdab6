import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Logo } from '../../components/ui/logo';

/** The frame of the signed-out account screens (forgot / reset password): logo, back to login, one card. */
export function AuthScreen({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="relative mx-auto min-h-dvh w-full max-w-md overflow-hidden bg-cream-100">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-24 size-80 rounded-full bg-plum-300/45 blur-3xl"
      />
      <main className="relative px-6 pt-[max(1.5rem,env(safe-area-inset-top))] pb-12">
        <header className="flex items-center justify-between">
          <Logo />
          <Link
            to="/"
            state={{ openLogin: true }}
            className="-mr-2 inline-flex min-h-11 items-center gap-1 px-2 text-sm font-semibold text-plum-700"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t`Back to login`}
          </Link>
        </header>
        <section
          aria-labelledby="auth-screen-title"
          className="mt-10 rounded-[1.75rem] border border-plum-100/70 bg-white p-5 shadow-card"
        >
          <h1 id="auth-screen-title" className="mb-1 font-display text-2xl font-semibold text-plum-900">
            {title}
          </h1>
          <div className="mb-5 text-sm leading-relaxed text-ink-soft">{intro}</div>
          {children}
        </section>
      </main>
    </div>
  );
}

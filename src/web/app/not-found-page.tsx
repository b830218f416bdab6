import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { Logo } from '../components/ui/logo';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page Not Found · Steep`);
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-cream-100 px-6 pt-[max(1.5rem,env(safe-area-inset-top))] pb-10">
      <Logo />
      <main className="flex flex-1 flex-col items-center justify-center text-center">
        <p aria-hidden className="font-display text-[6rem] leading-none font-semibold text-plum-400">
          404
        </p>
        <h1 className="mt-2 font-display text-3xl font-semibold text-plum-900">{t`Page Not Found`}</h1>
        <p className="mt-3 max-w-[18rem] leading-relaxed text-ink-soft">
          {t`This page has gone cold. The link may be broken, or the page may have moved.`}
        </p>
        <Link to="/" className={buttonClasses('primary', 'lg') + ' mt-8'}>
          {t`Go Home`}
        </Link>
      </main>
    </div>
  );
}

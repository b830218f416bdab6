import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Sprout, type LucideIcon } from 'lucide-react';
import { buttonClasses } from './ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

interface ComingSoonProps {
  title: string;
  /** One honest sentence about what this screen will do. */
  description: string;
  icon?: LucideIcon;
  /** Extra links or controls that already work. */
  children?: ReactNode;
  /** Hide the "Back to Discover" link (e.g. on Discover itself). */
  hideHomeLink?: boolean;
}

/** Placeholder for a screen a later release fills in. Shows no made-up data. */
export function ComingSoon({ title, description, icon: Icon = Sprout, children, hideHomeLink }: ComingSoonProps) {
  useDocumentTitle(`${title} · Steep`);
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="flex flex-1 flex-col items-center justify-center px-6 py-12 text-center"
    >
      <div aria-hidden className="relative mb-6">
        <div className="absolute inset-0 scale-125 rounded-full bg-matcha-200/50 blur-2xl" />
        <div className="relative grid size-20 place-items-center rounded-[1.75rem] bg-white text-plum-700 shadow-card">
          <Icon className="size-9" strokeWidth={1.75} />
        </div>
      </div>
      <h1 id="coming-soon-title" className="font-display text-[1.75rem] leading-tight font-semibold text-plum-900">
        {title}
      </h1>
      <p className="mt-2 inline-flex items-center rounded-full bg-matcha-100 px-3 py-1 text-xs font-semibold tracking-wide text-matcha-700">
        Coming soon
      </p>
      <p className="mt-4 max-w-[20rem] leading-relaxed text-ink-soft">{description}</p>
      {children && <div className="mt-6 grid w-full max-w-[18rem] gap-3">{children}</div>}
      {!hideHomeLink && (
        <Link to="/home" className={buttonClasses('ghost', 'md') + ' mt-4'}>
          Back to Discover
        </Link>
      )}
    </section>
  );
}

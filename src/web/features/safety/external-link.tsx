import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ExternalLink as ExternalIcon } from 'lucide-react';

/** A link to another site: new tab, no opener, no referrer. */
export function ExternalLink({ href, label, detail }: { href: string; label: string; detail?: ReactNode }) {
  const { t } = useLingui();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 py-3 text-left shadow-card transition-colors hover:bg-plum-50"
    >
      <span className="flex-1">
        <span className="block text-sm font-semibold text-plum-900">{label}</span>
        {detail && <span className="block text-xs text-ink-soft">{detail}</span>}
      </span>
      <ExternalIcon className="size-4 text-plum-600" aria-hidden />
      <span className="sr-only">{t`(opens in a new tab)`}</span>
    </a>
  );
}

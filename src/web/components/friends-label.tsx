import { Users } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../lib/cn';

/** The "Friends" mark of Friends mode: a friends match's conversation, a like from the Friends deck. */
export function FriendsLabel({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded-full bg-matcha-100 px-1.5 py-0.5 text-[0.7rem] font-semibold text-matcha-700',
        className,
      )}
    >
      <Users className="size-3" aria-hidden />
      {t`Friends`}
    </span>
  );
}

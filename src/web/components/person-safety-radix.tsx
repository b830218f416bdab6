import { DropdownMenu } from './ui/dropdown-menu';
import { useLingui } from '@lingui/react/macro';
import { Ban, EllipsisVertical, Flag } from 'lucide-react';
import { cn } from '../lib/cn';
import { ConfirmDialog } from './ui/confirm-dialog';

/*
 * The Radix parts of Report and Block (the menu with its positioning code, the confirmation), loaded
 * the first time she opens the card menu or blocks someone: they stay out of Discover's first paint
 * (the /home budget in scripts/check-bundle-size.ts). person-safety.tsx is the public face.
 */

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-ink outline-none data-highlighted:bg-plum-50';

/** The ⋯ menu, mounted open in place of the plain trigger that loaded it. */
export default function PersonSafetyDropdown({
  name,
  label,
  onReport,
  onBlock,
  className,
}: {
  name: string;
  label: string;
  onReport: () => void;
  onBlock: () => void;
  className?: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger
        aria-label={label}
        className={cn('grid size-11 place-items-center rounded-full', className)}
      >
        <EllipsisVertical className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-48 rounded-2xl border border-plum-100 bg-white p-1.5 shadow-float data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Item onSelect={onReport} className={itemClass}>
            <Flag className="size-4 text-plum-700" aria-hidden />
            {t`Report ${name}`}
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onBlock} className={itemClass}>
            <Ban className="size-4 text-plum-700" aria-hidden />
            {t`Block ${name}`}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** "Block her?" with Cancel and Block. */
export function BlockConfirmDialog({
  name,
  busy,
  focusWhenOpenerGone,
  onCancel,
  onConfirm,
}: {
  name: string;
  busy: boolean;
  focusWhenOpenerGone?: () => HTMLElement | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open
      title={t`Block ${name}?`}
      description={t`They won’t be able to message you, and you won’t see each other anywhere in Steep. You can unblock them in the Safety Center.`}
      confirmLabel={t`Block`}
      cancelLabel={t`Cancel`}
      busyLabel={t`Please wait…`}
      busy={busy}
      {...(focusWhenOpenerGone ? { focusWhenOpenerGone } : {})}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

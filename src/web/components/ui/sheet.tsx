import type { ReactNode } from 'react';
import { Dialog, useReturnFocus, OVERLAY_CLASS } from './dialog';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A bottom sheet dialog (focus trapped, Escape closes) with a title and an accessible close button. */
export function Sheet({ open, onOpenChange, title, description, children }: SheetProps) {
  const { t } = useLingui();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto grid max-h-[90dvh] w-full grid-cols-1 max-w-md gap-4 overflow-y-auto rounded-t-[1.75rem] bg-cream-50 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-float data-[state=open]:animate-sheet-up focus:outline-none"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="font-display text-xl font-semibold text-plum-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-ink-soft">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label={t`Close`}
              className="-mt-1 grid size-11 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

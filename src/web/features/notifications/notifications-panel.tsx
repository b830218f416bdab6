import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { BellRing, X } from 'lucide-react';

/** The slide-in notifications panel. Likes and potential matches arrive in a later release. */
export function NotificationsPanel({ trigger }: { trigger: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-plum-900/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(24rem,92vw)] flex-col bg-cream-50 shadow-float data-[state=open]:animate-slide-in-right focus:outline-none">
          <div className="flex h-16 items-center justify-between border-b border-cream-200 px-5">
            <Dialog.Title className="font-display text-xl font-semibold text-plum-900">Notifications</Dialog.Title>
            <Dialog.Close
              aria-label="Close notifications"
              className="grid size-11 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex flex-1 flex-col items-center justify-center px-8 text-center">
            <div aria-hidden className="mb-4 grid size-16 place-items-center rounded-3xl bg-plum-50 text-plum-600">
              <BellRing className="size-8" strokeWidth={1.75} />
            </div>
            <p className="font-semibold text-ink">Nothing here yet</p>
            <Dialog.Description className="mt-1 text-sm leading-relaxed text-ink-soft">
              Likes you receive and potential matches will show up here soon.
            </Dialog.Description>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

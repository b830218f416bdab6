import { RefreshCw } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './ui/button';
import { activateUpdate } from '../lib/pwa';

/** "A new version is ready — Reload" (./update-prompt.tsx shows it while a new service worker waits). */
export function UpdatePromptView({ worker }: { worker: ServiceWorker }) {
  const { t } = useLingui();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-24 z-40 mx-auto flex w-full max-w-md justify-center px-3">
      <div
        role="status"
        className="pointer-events-auto flex w-full items-center gap-3 rounded-2xl border border-plum-100 bg-white p-3 shadow-float"
      >
        <RefreshCw className="size-5 shrink-0 text-plum-700" aria-hidden />
        <p className="flex-1 text-sm font-medium text-ink">{t`A new version is ready`}</p>
        <Button onClick={() => activateUpdate(worker)}>{t`Reload`}</Button>
      </div>
    </div>
  );
}

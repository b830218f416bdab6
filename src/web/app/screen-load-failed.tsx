import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { errorText } from '../lib/api';
import { STORAGE_KEYS, storage } from '../lib/storage';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * What a screen that could not open shows instead of the router's own error page. Offline, that is a screen whose
 * code this device has not downloaded yet (a lazy route's chunk): she is told so, in her language (the entry
 * chunk's catalogue is already here), and Try again loads the address again; still offline, the service worker
 * answers with the offline page and the conversations kept on this device. Once the network is back it loads the
 * address again by itself, as the offline page does (tryout: the message stayed after she was back online).
 * `inShell`: a signed-in screen's, inside the header and tabs, so she can still go to the screens she has.
 */
export function ScreenLoadFailed({ inShell = false }: { inShell?: boolean }) {
  const { t } = useLingui();
  const error = useRouteError();
  // A chunk that could not be fetched rejects with a TypeError, as fetch does.
  const offline = !navigator.onLine || error instanceof TypeError;
  const title = offline ? t`You're offline` : t`Something went wrong`;
  useDocumentTitle(`${title} · Steep`);
  useEffect(() => {
    if (!offline) return;
    const reload = () => window.location.reload();
    // The router keeps a screen whose code failed to load failed until the page loads again: asked for once she is
    // back online, it comes here with the network up, and loads the page again at once (once in ten seconds, so a
    // download that fails online too leaves this screen up instead of reloading for ever).
    if (navigator.onLine && Date.now() - Number(storage.get(STORAGE_KEYS.screenReloadedAt) ?? 0) > 10_000) {
      const now = String(Date.now());
      storage.set(STORAGE_KEYS.screenReloadedAt, now);
      // Without storage the stamp is not kept, and nothing could stop a loop: no reload at once then.
      if (storage.get(STORAGE_KEYS.screenReloadedAt) === now) {
        reload();
        return;
      }
    }
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [offline]);
  const body = (
    <>
      <h1 className="font-display text-3xl font-semibold text-plum-900">{title}</h1>
      <p className="mt-3 max-w-[18rem] leading-relaxed text-ink-soft">
        {errorText(error, t`Steep is having trouble right now. Please try again in a moment.`)}
      </p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        {t`Try again`}
      </Button>
    </>
  );
  if (inShell) {
    return (
      <section className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">{body}</section>
    );
  }
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-cream-100 px-6 pt-[max(1.5rem,env(safe-area-inset-top))] pb-10">
      <Logo />
      <main className="flex flex-1 flex-col items-center justify-center text-center">{body}</main>
    </div>
  );
}

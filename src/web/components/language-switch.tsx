import { useLingui } from '@lingui/react';
import { activateLocale, LOCALE_NAMES, LOCALES, type Locale } from '../lib/i18n';
import { cn } from '../lib/cn';

/**
 * The signed-out screens' language switch: the other language, named in itself (Steep speaks two), kept on
 * this device; once she has an account, her saved setting in Preferences decides.
 */
export function LanguageSwitch({ className, onChange }: { className?: string; onChange?: (locale: Locale) => void }) {
  const { i18n } = useLingui();
  const other = LOCALES.find((locale) => locale !== i18n.locale) ?? 'en';
  return (
    <button
      type="button"
      lang={other}
      onClick={() => {
        void activateLocale(other);
        onChange?.(other);
      }}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-plum-700 hover:bg-plum-50',
        className,
      )}
    >
      {LOCALE_NAMES[other]}
    </button>
  );
}

import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError } from '../lib/api';
import { toast } from './ui/toast';

/**
 * A report that failed, in words she can act on: a refusal's own reason (her own username, the wait), else that
 * we could not confirm it. An outage's text is not hers to act on, and the report may have reached us before the
 * answer was lost, so trying again is safe (a repeat is counted once) and she is told so.
 */
export function toastReportFailed(i18n: I18n, error: unknown): void {
  const refused = isApiError(error) && error.status < 500;
  toast({
    title: i18n._(refused ? msg`Report not sent` : msg`We could not confirm your report`),
    description: refused
      ? error.message
      : i18n._(
          navigator.onLine
            ? msg`Please try again. If it already reached us, it will not be filed twice.`
            : msg`You're offline. Try again once you're back online: if it already reached us, it will not be filed twice.`,
        ),
    variant: 'destructive',
  });
}

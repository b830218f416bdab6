import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { CalendarClock, Clock, MapPin, ShieldCheck, TriangleAlert } from 'lucide-react';
import { datesafetyApi } from '../../../contract/api/datesafety';
import type { SharedDatePlan } from '../../../contract/datesafety';
import { Avatar } from '../../components/avatar';
import { Logo } from '../../components/ui/logo';
import { apiCall, errorText, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Trans, useLingui } from '@lingui/react/macro';
import { activeLocale } from '../../lib/i18n';

type Answer = { plan: SharedDatePlan } | { gone: boolean; text: string };

/**
 * /date/:token: what a trusted contact opens from her text or mail, without an account. It shows the plan
 * she typed, her first name and her match's first name and photo; nothing else about her.
 */
export function SharedDatePage() {
  const { token = '' } = useParams();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const { t } = useLingui();

  useEffect(() => {
    apiCall(datesafetyApi.shared, { params: { token } })
      .then((plan) => setAnswer({ plan }))
      .catch((error: unknown) => {
        const status = isApiError(error) ? error.status : 0;
        // Our own words for a link that is not one (mistyped, cut short, unknown): never the server's developer text.
        const notValid = t`This link is not valid. Check that you opened the whole link from the message you were sent.`;
        setAnswer({
          gone: status === 410,
          // 410 says why the plan ended (the date passed, or she cancelled it); 400/404 stay non-revealing.
          text:
            status === 410
              ? errorText(error)
              : status === 400 || status === 404
                ? notValid
                : errorText(error, t`Could not reach Steep. Please open the link again in a moment.`),
        });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the answer is fetched once per link, not per language
  }, [token]);

  const plan = answer && 'plan' in answer ? answer.plan : null;
  const sharer = plan?.sharerFirstName;
  useDocumentTitle(sharer ? t`${sharer}’s date plan · Steep` : t`Date plan · Steep`);

  return (
    <div className="relative mx-auto min-h-dvh w-full max-w-md overflow-hidden bg-cream-100">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-24 size-80 rounded-full bg-matcha-300/40 blur-3xl"
      />
      <main className="relative px-6 pt-[max(1.5rem,env(safe-area-inset-top))] pb-12">
        <header>
          <Logo />
        </header>
        <section
          aria-labelledby="shared-date-title"
          aria-busy={answer === null}
          className="mt-8 rounded-[1.75rem] border border-plum-100/70 bg-white p-5 shadow-card"
        >
          {answer === null ? (
            <h1 id="shared-date-title" className="font-display text-2xl font-semibold text-plum-900">
              {t`Opening the plan…`}
            </h1>
          ) : plan ? (
            <PlanCard plan={plan} />
          ) : (
            <>
              <h1 id="shared-date-title" className="font-display text-2xl font-semibold text-plum-900">
                {'gone' in answer && answer.gone ? t`This date plan has ended` : t`This link doesn’t work`}
              </h1>
              <p className="mt-2 text-sm leading-relaxed text-ink-soft">{'text' in answer ? answer.text : ''}</p>
            </>
          )}
        </section>
        <p className="mt-6 text-center text-xs leading-relaxed text-ink-soft">
          {t`Someone shared this plan with you on Steep so a friend knows where they are. If you are worried about their safety, call them, and call local emergency services if you believe they are in danger.`}
        </p>
      </main>
    </div>
  );
}

function PlanCard({ plan }: { plan: SharedDatePlan }) {
  const { t } = useLingui();
  const name = plan.sharerFirstName;
  const expires = new Intl.DateTimeFormat(activeLocale(), {
    timeZone: plan.timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(plan.expiresAt));
  return (
    <>
      <p className="text-sm font-semibold text-matcha-700">{t`Shared with you`}</p>
      <h1 id="shared-date-title" className="font-display text-2xl font-semibold text-plum-900">
        {t`${name}’s date plan`}
      </h1>
      {plan.status === 'safe' && (
        <p role="status" className="mt-3 flex items-center gap-2 rounded-2xl bg-matcha-50 p-3 text-sm text-ink">
          <ShieldCheck className="size-5 text-matcha-700" aria-hidden />
          {t`${name} checked in: safe. Nobody needs to do anything.`}
        </p>
      )}
      {plan.status === 'alerted' && (
        <p role="status" className="mt-3 flex items-center gap-2 rounded-2xl bg-red-50 p-3 text-sm text-red-700">
          <TriangleAlert className="size-5" aria-hidden />
          {t`${name} hasn’t checked in yet.`}
        </p>
      )}
      {plan.with && (
        <div className="mt-4 flex items-center gap-3">
          <Avatar
            name={plan.with.firstName}
            photos={plan.with.photo ? [plan.with.photo] : []}
            className="size-16 text-xl"
          />
          <p className="text-ink">
            <Trans>
              Meeting <span className="font-semibold">{plan.with.firstName}</span>
            </Trans>
          </p>
        </div>
      )}
      <ul className="mt-4 grid gap-3 text-[0.95rem] text-ink">
        {plan.eventTitle && (
          <li className="flex items-start gap-2">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-plum-600" aria-hidden />
            {t`Meetup “${plan.eventTitle}”`}
          </li>
        )}
        <li className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-plum-600" aria-hidden />
          <span>
            <span className="sr-only">{t`Where:`} </span>
            {plan.place}
          </span>
        </li>
        <li className="flex items-start gap-2">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-plum-600" aria-hidden />
          <span>
            <span className="sr-only">{t`When:`} </span>
            {plan.startsAtLabel}
          </span>
        </li>
        {plan.checkInLabel && plan.status === 'active' && (
          <li className="flex items-start gap-2">
            <Clock className="mt-0.5 size-4 shrink-0 text-plum-600" aria-hidden />
            <span>
              {t`Steep checks on ${name} at ${plan.checkInLabel}. If there is no answer within 15 minutes, you’ll get a message.`}
            </span>
          </li>
        )}
        {plan.checkInLabel && plan.status === 'alerted' && (
          <li className="flex items-start gap-2">
            <Clock className="mt-0.5 size-4 shrink-0 text-plum-600" aria-hidden />
            <span>
              {t`Steep checked on ${name} at ${plan.checkInLabel} and got no answer. You’ll get a message when ${name} checks in.`}
            </span>
          </li>
        )}
      </ul>
      <p className="mt-5 text-xs text-ink-soft">{t`This link stops working after ${expires}.`}</p>
    </>
  );
}

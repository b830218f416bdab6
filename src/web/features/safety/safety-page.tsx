import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import {
  BadgeCheck,
  Ban,
  ChevronRight,
  Flag,
  HeartHandshake,
  LifeBuoy,
  Lock,
  Phone,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import type { ReportStatus } from '../../../contract/safety';
import { activeLocale } from '../../lib/i18n';
import { reportReasonLabel, reportStatusLabel } from '../../lib/labels/safety';
import { Sheet } from '../../components/ui/sheet';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { BlockDialog } from './block-dialog';
import { ExternalLink } from './external-link';
import { ReportDialog } from '../../components/report-dialog';
import { EMERGENCY_RESOURCES, MENTAL_HEALTH_RESOURCES, SUPPORT_LINKS } from './resources';
import { useFileReport, useFiledReports, usePickablePeople, useSafetySummary } from './safety-api';

type Open = 'report' | 'block' | 'resources' | null;

function Counter({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-3 text-center shadow-card">
      <dd className="font-display text-2xl font-semibold text-plum-900">{value}</dd>
      <dt className="mt-0.5 text-xs font-medium text-ink-soft">{label}</dt>
    </div>
  );
}

function ToolCard({
  icon: Icon,
  title,
  description,
  onClick,
  to,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  onClick?: () => void;
  to?: string;
}) {
  const body = (
    <>
      <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-2xl bg-plum-50 text-plum-700">
        <Icon className="size-5" />
      </span>
      <span className="flex-1 text-left">
        <span className="block text-[0.95rem] font-semibold text-plum-900">{title}</span>
        <span className="block text-xs leading-relaxed text-ink-soft">{description}</span>
      </span>
      <ChevronRight className="size-4 text-ink-soft" aria-hidden />
    </>
  );
  const className =
    'flex min-h-16 w-full items-center gap-3 rounded-2xl bg-white p-3 shadow-card transition-colors hover:bg-plum-50';
  return to ? (
    <Link to={to} className={className}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onClick} className={className}>
      {body}
    </button>
  );
}

const STATUS_TONE: Record<ReportStatus, string> = {
  received: 'bg-cream-200 text-ink',
  under_review: 'bg-amber-100 text-amber-900',
  action_taken: 'bg-matcha-100 text-matcha-700',
  closed: 'bg-plum-50 text-plum-800',
};

function FiledReports({ userId }: { userId: string }) {
  const { t } = useLingui();
  const reports = useFiledReports(userId);
  if (reports.isPending) return <p className="text-sm text-ink-soft">{t`Loading your reports…`}</p>;
  if (reports.isError) return <p className="text-sm text-red-700">{t`Your reports could not be loaded.`}</p>;
  if (reports.data.length === 0) {
    return <p className="rounded-2xl bg-white p-4 text-sm text-ink-soft">{t`You haven’t reported anyone.`}</p>;
  }
  return (
    <ul className="grid gap-2">
      {reports.data.map((r) => (
        <li key={r.id} className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-card">
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-plum-900">{r.reportedUser.name}</span>
            <span className="block text-xs text-ink-soft">
              {reportReasonLabel(r.reason)} · {new Date(r.createdAt).toLocaleDateString(activeLocale())}
            </span>
          </span>
          <span className={cn('rounded-full px-2.5 py-1 text-xs font-semibold', STATUS_TONE[r.status])}>
            {reportStatusLabel(r.status)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Product §2 "Safety Center": real counters, the tools, emergency and support resources, her reports. */
export function SafetyPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Safety Center · Steep`);
  const me = useCurrentUser();
  const fileReport = useFileReport();
  const summary = useSafetySummary(me.id);
  const [open, setOpen] = useState<Open>(null);
  const people = usePickablePeople(open === 'report' || open === 'block');
  const close = (next: boolean) => !next && setOpen(null);
  const count = (n: number | undefined) => (n === undefined ? '–' : n);

  return (
    <section aria-labelledby="safety-title" className="grid gap-6 px-4 py-5">
      <header className="flex items-center gap-3">
        <span aria-hidden className="grid size-12 place-items-center rounded-2xl bg-plum-700 text-white">
          <ShieldCheck className="size-6" />
        </span>
        <div>
          <h1 id="safety-title" className="font-display text-[1.75rem] leading-tight font-semibold text-plum-900">
            {t`Safety Center`}
          </h1>
          <p className="text-sm text-ink-soft">{t`Tools and support to keep dating safe.`}</p>
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-2">
        <Counter label={t`Reports filed`} value={count(summary.data?.reportsFiled)} />
        <Counter label={t`Users blocked`} value={count(summary.data?.usersBlocked)} />
        <Counter
          label={t`Photo verified`}
          value={summary.data === undefined ? '–' : summary.data.photoVerified ? t`Yes` : t`No`}
        />
        <Counter label={t`Support`} value="24/7" />
      </dl>
      <p className="-mt-3 flex items-center gap-2 text-xs text-ink-soft">
        <LifeBuoy className="size-4 text-plum-600" aria-hidden />
        {t`Our safety team reviews reports around the clock, 24/7.`}
      </p>

      <section aria-labelledby="tools-title" className="grid gap-2">
        <h2 id="tools-title" className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
          {t`Safety tools`}
        </h2>
        <ToolCard
          icon={Flag}
          title={t({ message: 'Report User', context: 'anyone, chosen in the form' })}
          description={t`Tell us about someone breaking the rules`}
          onClick={() => setOpen('report')}
        />
        <ToolCard
          icon={Ban}
          title={t`Block & Unblock`}
          description={t`Manage who can see and message you`}
          onClick={() => setOpen('block')}
        />
        <ToolCard
          icon={BadgeCheck}
          title={t`Photo Verification`}
          description={t`Show others your photos are really you`}
          to="/verification"
        />
        <ToolCard
          icon={HeartHandshake}
          title={t`Mental Health Resources`}
          description={t`Support lines and counselling`}
          onClick={() => setOpen('resources')}
        />
        <ToolCard
          icon={Lock}
          title={t`Privacy Settings`}
          description={t`Control what others see`}
          to="/preferences?tab=privacy"
        />
      </section>

      <section aria-labelledby="reports-title" className="grid gap-2">
        <h2 id="reports-title" className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
          {t`Your reports`}
        </h2>
        <FiledReports userId={me.id} />
      </section>

      <section aria-labelledby="emergency-title" className="grid gap-2 rounded-3xl bg-red-50 p-4">
        <h2 id="emergency-title" className="flex items-center gap-2 text-base font-semibold text-red-900">
          <Phone className="size-4" aria-hidden />
          {t`In an emergency`}
        </h2>
        {EMERGENCY_RESOURCES.map((r) => (
          <a
            key={r.href}
            href={r.href}
            className="flex min-h-12 items-center justify-between rounded-2xl bg-white px-4 text-sm shadow-card"
          >
            <span className="font-semibold text-red-900">{i18n._(r.label)}</span>
            <span className="text-red-800">{i18n._(r.detail)}</span>
          </a>
        ))}
      </section>

      <section aria-labelledby="support-title" className="grid gap-2">
        <h2 id="support-title" className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
          {t`Support organisations`}
        </h2>
        {SUPPORT_LINKS.map((l) => (
          <ExternalLink key={l.href} href={l.href} label={l.label} detail={i18n._(l.detail)} />
        ))}
      </section>

      <ReportDialog
        open={open === 'report'}
        onOpenChange={close}
        people={people}
        onFile={({ reportedUserId, reportedUsername, ...grounds }) =>
          fileReport.mutateAsync({
            ...(reportedUserId ? { reportedUserId } : { reportedUsername: reportedUsername ?? '' }),
            ...grounds,
          })
        }
      />
      <BlockDialog userId={me.id} open={open === 'block'} onOpenChange={close} people={people} />
      <Sheet
        open={open === 'resources'}
        onOpenChange={close}
        title={t`Mental Health Resources`}
        description={t`You deserve support. These services are free or low-cost and LGBTQ+ friendly.`}
      >
        <div className="grid gap-2">
          {MENTAL_HEALTH_RESOURCES.map((l) => (
            <ExternalLink key={l.href} href={l.href} label={l.label} detail={i18n._(l.detail)} />
          ))}
        </div>
      </Sheet>
    </section>
  );
}

import { useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { MAIN_ID, SkipLink } from '../../components/skip-link';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { TAB_PANEL_CLASS } from '../../components/ui/tab-panel';
import { ArrowLeft, Crown, EyeOff } from 'lucide-react';
import { Avatar } from '../../components/avatar';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { activeLocale } from '../../lib/i18n';
import { reportReasonLabel } from '../../lib/labels/safety';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuditRow, MemberCase, suspensionText } from './member-case';
import { useAuditLog, useReportQueue } from './moderation-api';

/** A queue another feature adds to the console (Tea stories, verification requests), composed in the router. */
export interface ExtraQueue {
  id: string;
  label: string;
  element: ReactNode;
}

function ReportsQueue() {
  const { t } = useLingui();
  const queue = useReportQueue();
  const [selected, setSelected] = useState<string | null>(null);

  const list = (
    <div className={cn('grid min-w-0 grid-cols-1 content-start gap-2', selected && 'hidden lg:grid')}>
      {queue.isPending ? (
        <p className="text-sm text-ink-soft">{t`Loading reports…`}</p>
      ) : queue.isError ? (
        <p className="text-sm text-red-700">{t`The queue could not be loaded.`}</p>
      ) : queue.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-ink-soft">{t`No open reports. All clear.`}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2" aria-label={t`Reported members, most urgent first`}>
          {queue.data.map((g) => (
            <li key={g.member.id}>
              <button
                type="button"
                onClick={() => setSelected(g.member.id)}
                aria-current={selected === g.member.id ? 'true' : undefined}
                className={cn(
                  'flex w-full items-center gap-3 rounded-2xl bg-white p-3 text-left shadow-card transition-colors hover:bg-plum-50',
                  selected === g.member.id && 'ring-2 ring-plum-400',
                )}
              >
                <Avatar name={g.member.name} photos={g.member.photo ? [g.member.photo] : []} className="size-11" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-plum-900">
                    {g.member.name} <span className="font-normal text-ink-soft">@{g.member.username}</span>
                  </span>
                  <span className="block truncate text-xs text-ink-soft">
                    {g.reasons.map(reportReasonLabel).join(' · ')}
                  </span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-ink-soft">
                    {t`${plural(g.openReports, { one: '# open', other: '# open' })} · since ${new Date(g.oldestAt).toLocaleDateString(activeLocale())}`}
                    {g.priority && (
                      <span className="inline-flex items-center gap-0.5 font-semibold text-amber-800">
                        <Crown className="size-3" aria-hidden /> {t`Priority`}
                      </span>
                    )}
                    {g.member.hiddenFromDiscovery && (
                      <span className="inline-flex items-center gap-0.5 font-semibold text-amber-800">
                        <EyeOff className="size-3" aria-hidden /> {t`Hidden`}
                      </span>
                    )}
                    {g.member.suspendedUntil && (
                      <span className="font-semibold text-red-700">{suspensionText(g.member.suspendedUntil)}</span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      {list}
      {selected ? (
        <MemberCase key={selected} memberId={selected} onBack={() => setSelected(null)} />
      ) : (
        <p className="hidden rounded-3xl border border-dashed border-plum-200 p-8 text-center text-sm text-ink-soft lg:block">
          {t`Choose a reported member to review their case.`}
        </p>
      )}
    </div>
  );
}

function AuditLog() {
  const { t } = useLingui();
  const log = useAuditLog();
  if (log.isPending) return <p className="text-sm text-ink-soft">{t`Loading the audit log…`}</p>;
  if (log.isError) return <p className="text-sm text-red-700">{t`The audit log could not be loaded.`}</p>;
  if (log.data.length === 0) return <p className="text-sm text-ink-soft">{t`No moderator actions yet.`}</p>;
  return (
    <ul className="grid max-w-3xl gap-2" aria-label={t`Moderator actions, newest first`}>
      {log.data.map((e) => (
        <AuditRow key={e.id} entry={e} />
      ))}
    </ul>
  );
}

const tabClass =
  'min-h-11 rounded-full px-4 text-sm font-semibold text-ink-soft transition-colors hover:bg-plum-50 data-[state=active]:bg-plum-700 data-[state=active]:text-white';

/** The moderation console (moderators only). Other features' queues come in through `extraQueues`. */
export function ModerationConsole({ extraQueues = [] }: { extraQueues?: readonly ExtraQueue[] }) {
  const { t } = useLingui();
  useDocumentTitle(t`Moderation · Steep`);
  return (
    <div className="min-h-dvh bg-cream-100">
      <SkipLink />
      <header
        data-obscures-focus="top"
        className="sticky top-0 z-30 border-b border-cream-200/80 bg-cream-100/90 backdrop-blur-md"
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <Link
            to="/home"
            aria-label={t`Back to Steep`}
            className="grid size-11 place-items-center rounded-full text-plum-800 hover:bg-plum-50"
          >
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
          <Logo />
          <span className="rounded-full bg-plum-100 px-2.5 py-1 text-xs font-semibold text-plum-800">{t`Moderation`}</span>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 py-5 outline-none">
        <h1 className="sr-only">{t`Moderation console`}</h1>
        <Tabs.Root defaultValue="reports" className="grid gap-4">
          <Tabs.List aria-label={t`Queues`} className="flex flex-wrap gap-1">
            <Tabs.Trigger value="reports" className={tabClass}>
              {t`Reports`}
            </Tabs.Trigger>
            {extraQueues.map((q) => (
              <Tabs.Trigger key={q.id} value={q.id} className={tabClass}>
                {q.label}
              </Tabs.Trigger>
            ))}
            <Tabs.Trigger value="audit" className={tabClass}>
              {t`Audit log`}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="reports" className={TAB_PANEL_CLASS}>
            <ReportsQueue />
          </Tabs.Content>
          {extraQueues.map((q) => (
            <Tabs.Content key={q.id} value={q.id} className={TAB_PANEL_CLASS}>
              {q.element}
            </Tabs.Content>
          ))}
          <Tabs.Content value="audit" className={TAB_PANEL_CLASS}>
            <AuditLog />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}

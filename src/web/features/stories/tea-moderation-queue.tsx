import type { ReactNode } from 'react';
import { EyeOff, Eye, Loader2, ShieldAlert, Trash2 } from 'lucide-react';
import { REPORT_REASONS } from '../../../contract/safety';
import { TEA_REPORT_REASONS } from '../../../contract/stories';
import type { ModeratedReply, ModeratedStory } from '../../../contract/stories';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useModerateReply, useModerateStory, useTeaModerationQueue, useTeaReplyModerationQueue } from './stories-api';
import { teaCategoryLabel, teaReportReasonLabel } from '../../lib/tea-labels';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';

/** Tea's reasons in her language; a member reason stored before them (a profile's) as its label. */
const reasonLabel = (i18n: I18n, value: string) =>
  TEA_REPORT_REASONS.some((r) => r.value === value)
    ? teaReportReasonLabel(i18n, value)
    : (REPORT_REASONS.find((r) => r.value === value)?.label ?? value);

type ModerationAction = 'hide' | 'restore' | 'delete';

/** What both queues share: a status, the nudge flag and the open reports. */
interface Moderated {
  id: string;
  status: 'visible' | 'hidden';
  postedDespiteNudge: boolean;
  reports: ReadonlyArray<{ reason: string; description?: string | null | undefined }>;
}

interface QueueProps<T extends Moderated> {
  queue: { isPending: boolean; isError: boolean; data?: T[] | undefined; refetch: () => unknown };
  moderate: { isPending: boolean; mutate: (input: { id: string; action: ModerationAction }, handlers: object) => void };
  /** "story" or "reply": the queue's labels and the toasts after an action. */
  noun: 'story' | 'reply';
  tags: (item: T) => ReactNode;
  body: (item: T) => ReactNode;
}

/**
 * The Tea queue for the moderation console (mount it as a tab): reported, hidden and nudged
 * stories, with hide, restore and delete. Authors and reporters are never shown: the server
 * does not send them.
 */
export function TeaModerationQueue() {
  const { i18n } = useLingui();
  return (
    <ModerationQueue<ModeratedStory>
      queue={useTeaModerationQueue()}
      moderate={useModerateStory()}
      noun="story"
      tags={(story) => (
        <span className="rounded-full bg-cream-200 px-2 py-1 text-ink-soft">
          {teaCategoryLabel(i18n, story.category)}
        </span>
      )}
      body={(story) => (
        <>
          <h3 className="font-display text-lg font-semibold wrap-anywhere text-plum-900">{story.title}</h3>
          <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-ink">{story.content}</p>
        </>
      )}
    />
  );
}

/**
 * The queue of Tea replies, with the same actions as stories. A reply shows its story's title and the
 * thread's pseudonym; who wrote or reported it is never sent.
 */
export function TeaReplyModerationQueue() {
  const { t } = useLingui();
  return (
    <ModerationQueue<ModeratedReply>
      queue={useTeaReplyModerationQueue()}
      moderate={useModerateReply()}
      noun="reply"
      tags={(reply) =>
        reply.isAuthor && <span className="rounded-full bg-plum-100 px-2 py-1 text-plum-800">{t`By the author`}</span>
      }
      body={({ storyTitle, pseudonym, content }) => (
        <>
          <p className="text-xs text-ink-soft">{t`On “${storyTitle}”, as ${pseudonym}`}</p>
          <p className="text-sm leading-relaxed whitespace-pre-line text-ink">{content}</p>
        </>
      )}
    />
  );
}

function ModerationQueue<T extends Moderated>({ queue, ...item }: QueueProps<T>) {
  const { t } = useLingui();
  const story = item.noun === 'story';
  if (queue.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-8 text-sm text-ink-soft">
        <Loader2 className="size-4 animate-spin" aria-hidden />{' '}
        {story ? t`Loading Tea stories…` : t`Loading Tea replies…`}
      </p>
    );
  }
  if (queue.isError || !queue.data) {
    return (
      <div className="grid justify-items-center gap-3 py-8 text-center">
        <p className="text-sm text-ink-soft">
          {story ? t`Couldn’t load the Tea stories queue.` : t`Couldn’t load the Tea replies queue.`}
        </p>
        <Button variant="outline" onClick={() => void queue.refetch()}>
          {t`Try again`}
        </Button>
      </div>
    );
  }
  if (queue.data.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-ink-soft">
        {story ? t`No reported Tea stories. All clear.` : t`No reported Tea replies. All clear.`}
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={story ? t`Reported Tea stories` : t`Reported Tea replies`}>
      {queue.data.map((entry) => (
        <QueueItem key={entry.id} entry={entry} {...item} />
      ))}
    </ul>
  );
}

function QueueItem<T extends Moderated>({
  entry,
  moderate,
  noun,
  tags,
  body,
}: Omit<QueueProps<T>, 'queue'> & { entry: T }) {
  const { t, i18n } = useLingui();
  const done: Record<typeof noun, Record<ModerationAction, string>> = {
    story: { delete: t`Story deleted`, hide: t`Story hidden`, restore: t`Story restored` },
    reply: { delete: t`Reply deleted`, hide: t`Reply hidden`, restore: t`Reply restored` },
  };
  const act = (action: ModerationAction) =>
    moderate.mutate(
      { id: entry.id, action },
      {
        onSuccess: () => toast({ title: done[noun][action] }),
        onError: () => toast({ title: t`Action failed`, description: t`Please try again.`, variant: 'destructive' }),
      },
    );
  const reports = entry.reports.length;
  return (
    <li className="grid gap-2 rounded-(--radius-card) border border-plum-100/70 bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center gap-1.5 text-xs font-semibold">
        <span
          className={
            entry.status === 'hidden'
              ? 'rounded-full bg-red-50 px-2 py-1 text-red-700'
              : 'rounded-full bg-matcha-100 px-2 py-1 text-matcha-700'
          }
        >
          {entry.status === 'hidden' ? t`Hidden` : t`Visible`}
        </span>
        {tags(entry)}
        {entry.postedDespiteNudge && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-1 text-amber-800">
            <ShieldAlert className="size-3.5" aria-hidden /> {t`Posted past the harassment warning`}
          </span>
        )}
      </div>
      {body(entry)}
      {entry.reports.length > 0 && (
        <div className="grid gap-1 rounded-2xl bg-cream-100 p-3">
          <p className="text-xs font-semibold text-ink">
            {t`${plural(reports, { one: '# open report', other: '# open reports' })}`}
          </p>
          <ul className="grid gap-1 text-xs text-ink-soft">
            {entry.reports.map((report, i) => (
              <li key={i}>
                {reasonLabel(i18n, report.reason)}
                {report.description ? `: ${report.description}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid grid-cols-3 gap-2">
        {entry.status === 'hidden' ? (
          <Button variant="outline" disabled={moderate.isPending} onClick={() => act('restore')}>
            <Eye className="size-4" aria-hidden /> {t`Restore`}
          </Button>
        ) : (
          <Button variant="outline" disabled={moderate.isPending} onClick={() => act('hide')}>
            <EyeOff className="size-4" aria-hidden /> {t`Hide`}
          </Button>
        )}
        {entry.status === 'visible' && (
          <Button variant="ghost" disabled={moderate.isPending} onClick={() => act('restore')}>
            {t`Dismiss`}
          </Button>
        )}
        <Button
          variant="danger"
          disabled={moderate.isPending}
          onClick={() => act('delete')}
          className={entry.status === 'hidden' ? 'col-span-2' : ''}
        >
          <Trash2 className="size-4" aria-hidden /> {t`Delete`}
        </Button>
      </div>
    </li>
  );
}

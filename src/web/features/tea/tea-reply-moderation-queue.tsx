import { Eye, EyeOff, Loader2, ShieldAlert, Trash2 } from 'lucide-react';
import { REPORT_REASONS } from '../../../contract/safety';
import type { ModeratedReply } from '../../../contract/tea';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useModerateReply, useTeaReplyModerationQueue } from './tea-api';

const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/**
 * The moderation console's queue of Tea replies, with the same actions as stories. A reply shows
 * its story's title and the thread's pseudonym; who wrote or reported it is never sent.
 */
export function TeaReplyModerationQueue() {
  const queue = useTeaReplyModerationQueue();
  if (queue.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-8 text-sm text-ink-soft">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading Tea replies…
      </p>
    );
  }
  if (queue.isError) {
    return (
      <div className="grid justify-items-center gap-3 py-8 text-center">
        <p className="text-sm text-ink-soft">Couldn’t load the Tea replies queue.</p>
        <Button variant="outline" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (queue.data.length === 0) {
    return <p className="py-8 text-center text-sm text-ink-soft">No reported Tea replies. All clear.</p>;
  }
  return (
    <ul className="grid gap-3" aria-label="Reported Tea replies">
      {queue.data.map((reply) => (
        <QueueItem key={reply.id} reply={reply} />
      ))}
    </ul>
  );
}

function QueueItem({ reply }: { reply: ModeratedReply }) {
  const moderate = useModerateReply();
  const act = (action: 'hide' | 'restore' | 'delete') =>
    moderate.mutate(
      { id: reply.id, action },
      {
        onSuccess: () =>
          toast({
            title: action === 'delete' ? 'Reply deleted' : action === 'hide' ? 'Reply hidden' : 'Reply restored',
          }),
        onError: () => toast({ title: 'Action failed', description: 'Please try again.', variant: 'destructive' }),
      },
    );
  return (
    <li className="grid gap-2 rounded-(--radius-card) border border-plum-100/70 bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center gap-1.5 text-xs font-semibold">
        <span
          className={
            reply.status === 'hidden'
              ? 'rounded-full bg-red-50 px-2 py-1 text-red-700'
              : 'rounded-full bg-matcha-100 px-2 py-1 text-matcha-700'
          }
        >
          {reply.status === 'hidden' ? 'Hidden' : 'Visible'}
        </span>
        {reply.isAuthor && <span className="rounded-full bg-plum-100 px-2 py-1 text-plum-800">By the author</span>}
        {reply.postedDespiteNudge && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-1 text-amber-800">
            <ShieldAlert className="size-3.5" aria-hidden /> Posted past the harassment warning
          </span>
        )}
      </div>
      <p className="text-xs text-ink-soft">
        On “{reply.storyTitle}”, as {reply.pseudonym}
      </p>
      <p className="text-sm leading-relaxed whitespace-pre-line text-ink">{reply.content}</p>
      {reply.reports.length > 0 && (
        <div className="grid gap-1 rounded-2xl bg-cream-100 p-3">
          <p className="text-xs font-semibold text-ink">
            {reply.reports.length} open {reply.reports.length === 1 ? 'report' : 'reports'}
          </p>
          <ul className="grid gap-1 text-xs text-ink-soft">
            {reply.reports.map((report, i) => (
              <li key={i}>
                {reasonLabel(report.reason)}
                {report.description ? `: ${report.description}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid grid-cols-3 gap-2">
        {reply.status === 'hidden' ? (
          <Button variant="outline" disabled={moderate.isPending} onClick={() => act('restore')}>
            <Eye className="size-4" aria-hidden /> Restore
          </Button>
        ) : (
          <Button variant="outline" disabled={moderate.isPending} onClick={() => act('hide')}>
            <EyeOff className="size-4" aria-hidden /> Hide
          </Button>
        )}
        {reply.status === 'visible' && (
          <Button variant="ghost" disabled={moderate.isPending} onClick={() => act('restore')}>
            Dismiss
          </Button>
        )}
        <Button
          variant="danger"
          disabled={moderate.isPending}
          onClick={() => act('delete')}
          className={reply.status === 'hidden' ? 'col-span-2' : ''}
        >
          <Trash2 className="size-4" aria-hidden /> Delete
        </Button>
      </div>
    </li>
  );
}

import { EyeOff, Eye, Loader2, ShieldAlert, Trash2 } from 'lucide-react';
import { REPORT_REASONS } from '../../../contract/safety';
import type { ModeratedStory } from '../../../contract/tea';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useModerateStory, useTeaModerationQueue } from './tea-api';

const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/**
 * The Tea queue for the moderation console (mount it as a tab): reported, hidden and nudged
 * stories, with hide, restore and delete. Authors and reporters are never shown: the server
 * does not send them.
 */
export function TeaModerationQueue() {
  const queue = useTeaModerationQueue();
  if (queue.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-8 text-sm text-ink-soft">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading Tea reports…
      </p>
    );
  }
  if (queue.isError) {
    return (
      <div className="grid justify-items-center gap-3 py-8 text-center">
        <p className="text-sm text-ink-soft">Couldn’t load the Tea queue.</p>
        <Button variant="outline" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (queue.data.length === 0) {
    return <p className="py-8 text-center text-sm text-ink-soft">No reported Tea stories. All clear.</p>;
  }
  return (
    <ul className="grid gap-3" aria-label="Reported Tea stories">
      {queue.data.map((story) => (
        <QueueItem key={story.id} story={story} />
      ))}
    </ul>
  );
}

function QueueItem({ story }: { story: ModeratedStory }) {
  const moderate = useModerateStory();
  const act = (action: 'hide' | 'restore' | 'delete') =>
    moderate.mutate(
      { id: story.id, action },
      {
        onSuccess: () =>
          toast({
            title: action === 'delete' ? 'Story deleted' : action === 'hide' ? 'Story hidden' : 'Story restored',
          }),
        onError: () => toast({ title: 'Action failed', description: 'Please try again.', variant: 'destructive' }),
      },
    );
  return (
    <li className="grid gap-2 rounded-(--radius-card) border border-plum-100/70 bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center gap-1.5 text-xs font-semibold">
        <span
          className={
            story.status === 'hidden'
              ? 'rounded-full bg-red-50 px-2 py-1 text-red-700'
              : 'rounded-full bg-matcha-100 px-2 py-1 text-matcha-700'
          }
        >
          {story.status === 'hidden' ? 'Hidden' : 'Visible'}
        </span>
        <span className="rounded-full bg-cream-200 px-2 py-1 text-ink-soft">{story.category}</span>
        {story.postedDespiteNudge && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-1 text-amber-800">
            <ShieldAlert className="size-3.5" aria-hidden /> Posted past the harassment warning
          </span>
        )}
      </div>
      <h3 className="font-display text-lg font-semibold text-plum-900">{story.title}</h3>
      <p className="text-sm leading-relaxed whitespace-pre-line text-ink">{story.content}</p>
      {story.reports.length > 0 && (
        <div className="grid gap-1 rounded-2xl bg-cream-100 p-3">
          <p className="text-xs font-semibold text-ink">
            {story.reports.length} open {story.reports.length === 1 ? 'report' : 'reports'}
          </p>
          <ul className="grid gap-1 text-xs text-ink-soft">
            {story.reports.map((report, i) => (
              <li key={i}>
                {reasonLabel(report.reason)}
                {report.description ? `: ${report.description}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid grid-cols-3 gap-2">
        {story.status === 'hidden' ? (
          <Button variant="outline" disabled={moderate.isPending} onClick={() => act('restore')}>
            <Eye className="size-4" aria-hidden /> Restore
          </Button>
        ) : (
          <Button variant="outline" disabled={moderate.isPending} onClick={() => act('hide')}>
            <EyeOff className="size-4" aria-hidden /> Hide
          </Button>
        )}
        {story.status === 'visible' && (
          <Button variant="ghost" disabled={moderate.isPending} onClick={() => act('restore')}>
            Dismiss
          </Button>
        )}
        <Button
          variant="danger"
          disabled={moderate.isPending}
          onClick={() => act('delete')}
          className={story.status === 'hidden' ? 'col-span-2' : ''}
        >
          <Trash2 className="size-4" aria-hidden /> Delete
        </Button>
      </div>
    </li>
  );
}

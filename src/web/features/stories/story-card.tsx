import { useState } from 'react';
import { DropdownMenu } from '../../components/ui/dropdown-menu';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EllipsisVertical, Flag, Heart, MessageCircle, Trash2 } from 'lucide-react';
import type { TeaStory } from '../../../contract/stories';
import { toast, toastFailed } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { formatLastActive } from '../../lib/last-active';
import { ReportDialog } from './report-dialog';
import { StoryReplies } from './story-replies';
import { useDeleteStory, useToggleSupport } from './stories-api';
import { teaCategoryLabel, teaTypeLabel } from '../../lib/tea-labels';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

/** Longer stories are folded to this many characters behind 'Read more'. */
const STORY_PREVIEW_CHARS = 280;

function previewOf(content: string): { text: string; folded: boolean } {
  if (content.length <= STORY_PREVIEW_CHARS) return { text: content, folded: false };
  const cut = content.slice(0, STORY_PREVIEW_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return { text: `${(lastSpace > 200 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`, folded: true };
}

export function StoryCard({ story, now }: { story: TeaStory; now: number }) {
  const [expanded, setExpanded] = useState(false);
  const [repliesOpen, setRepliesOpen] = useState(false);
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const support = useToggleSupport();
  const { t, i18n } = useLingui();
  const preview = previewOf(story.content);
  const headingId = `story-${story.id}-title`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="tea-story"
      className="grid gap-3 rounded-(--radius-card) border border-plum-100/70 bg-white p-4 shadow-card"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
          {story.teaType && (
            <span className="rounded-full bg-plum-100 px-2.5 py-1 text-xs font-semibold text-plum-800">
              {teaTypeLabel(i18n, story.teaType)}
            </span>
          )}
          {story.aboutName && (
            <span className="rounded-full bg-matcha-100 px-2.5 py-1 text-xs font-semibold wrap-anywhere text-matcha-700">
              {t`About ${story.aboutName}`}
            </span>
          )}
          <span className="rounded-full border border-cream-300 px-2.5 py-1 text-xs font-medium text-ink-soft">
            {teaCategoryLabel(i18n, story.category)}
          </span>
        </div>
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            aria-label={t`Story options`}
            className="-mt-1.5 -mr-1.5 grid size-11 shrink-0 place-items-center rounded-full text-ink-soft transition-colors hover:bg-plum-50 data-[state=open]:bg-plum-100"
          >
            <EllipsisVertical className="size-5" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-44 rounded-2xl border border-plum-100 bg-white p-1.5 shadow-float data-[state=open]:animate-fade-in"
            >
              {!story.isMine && (
                <DropdownMenu.Item
                  onSelect={() => setDialog('report')}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-ink outline-none data-highlighted:bg-plum-50"
                >
                  <Flag className="size-4 text-plum-700" aria-hidden /> {t`Report story`}
                </DropdownMenu.Item>
              )}
              {story.isMine && (
                <DropdownMenu.Item
                  onSelect={() => setDialog('delete')}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-red-700 outline-none data-highlighted:bg-red-50"
                >
                  <Trash2 className="size-4" aria-hidden /> {t`Delete story`}
                </DropdownMenu.Item>
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>

      <h3 id={headingId} className="font-display text-lg leading-snug font-semibold wrap-anywhere text-plum-900">
        {story.title}
      </h3>
      <p className="text-[0.95rem] leading-relaxed whitespace-pre-line wrap-anywhere text-ink">
        {expanded || !preview.folded ? story.content : preview.text}
      </p>
      {preview.folded && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
          className="-mt-1 justify-self-start text-sm font-semibold text-plum-700 underline-offset-2 hover:underline"
        >
          {expanded ? t`Show less` : t`Read more`}
        </button>
      )}

      <div className="flex items-center gap-1 border-t border-cream-200 pt-2">
        <button
          type="button"
          aria-pressed={story.supportedByMe}
          aria-label={t`Support this story, ${plural(story.supportCount, { one: '# support', other: '# supports' })}`}
          disabled={support.isPending}
          onClick={() =>
            support.mutate(story.id, {
              onError: () =>
                toast({
                  title: t`Could not update support`,
                  description: t`Please try again.`,
                  variant: 'destructive',
                }),
            })
          }
          className={cn(
            'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold transition-colors',
            story.supportedByMe ? 'bg-plum-100 text-plum-800' : 'text-ink-soft hover:bg-plum-50',
          )}
        >
          <Heart className={cn('size-5', story.supportedByMe && 'fill-plum-600 text-plum-600')} aria-hidden />
          <span data-testid="support-count">{story.supportCount}</span>
        </button>
        <button
          type="button"
          aria-expanded={repliesOpen}
          aria-controls={`story-${story.id}-replies`}
          aria-label={
            repliesOpen
              ? t`Hide replies, ${plural(story.replyCount, { one: '# reply', other: '# replies' })}`
              : t`Show replies, ${plural(story.replyCount, { one: '# reply', other: '# replies' })}`
          }
          onClick={() => setRepliesOpen((open) => !open)}
          className={cn(
            'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold transition-colors',
            repliesOpen ? 'bg-plum-100 text-plum-800' : 'text-ink-soft hover:bg-plum-50',
          )}
        >
          <MessageCircle className="size-5" aria-hidden />
          <span data-testid="reply-count">{story.replyCount}</span>
        </button>
        <time dateTime={story.createdAt} className="ml-auto text-xs text-ink-soft">
          {formatLastActive(story.createdAt, now)}
        </time>
      </div>

      {repliesOpen && (
        <div id={`story-${story.id}-replies`}>
          <StoryReplies storyId={story.id} now={now} />
        </div>
      )}

      <ReportDialog
        target={{ kind: 'story', id: story.id }}
        open={dialog === 'report'}
        onClose={() => setDialog(null)}
      />
      <DeleteStoryDialog storyId={story.id} open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </article>
  );
}

function DeleteStoryDialog({ storyId, open, onClose }: { storyId: string; open: boolean; onClose: () => void }) {
  const remove = useDeleteStory();
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      title={t`Delete your story?`}
      description={t`It will be gone for everyone, with its support. This can’t be undone.`}
      cancelLabel={t`Cancel`}
      confirmLabel={t`Delete`}
      busyLabel={t`Deleting…`}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(storyId, {
          onSuccess: () => {
            onClose();
            toast({ title: t`Story deleted` });
          },
          onError: (error) => toastFailed(t`Story not deleted`, error, t`Failed to delete story. Please try again.`),
        })
      }
    />
  );
}

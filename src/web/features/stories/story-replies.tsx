import { useState, type FormEvent } from 'react';
import { Flag, Loader2, Trash2 } from 'lucide-react';
import { REPLY_CONTENT_MAX, type TeaReply } from '../../../contract/stories';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/field';
import { toast, toastFailed } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { formatLastActive } from '../../lib/last-active';
import { ReportDialog } from './report-dialog';
import { useCreateReply, useDeleteReply, useReplies } from './stories-api';
import { useLingui } from '@lingui/react/macro';

/**
 * A story's thread (product §2 "Tea"): every replier under a tea-name pseudonym that holds
 * only within this story, the story's author marked "Author", and a composer. The server sends
 * nothing else about who wrote a reply.
 */
export function StoryReplies({ storyId, now }: { storyId: string; now: number }) {
  const replies = useReplies(storyId, true);
  const { t } = useLingui();
  const list = replies.data?.pages.flatMap((p) => p.replies) ?? [];
  return (
    <section aria-label={t`Replies`} className="grid gap-3 border-t border-cream-200 pt-3" data-testid="story-replies">
      {replies.isPending && (
        <p className="flex items-center gap-2 text-sm text-ink-soft">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {t`Loading replies…`}
        </p>
      )}
      {replies.isError && list.length === 0 && (
        <div className="flex items-center justify-between gap-2 text-sm text-ink-soft">
          {t`Couldn’t load replies.`}
          <Button variant="outline" onClick={() => void replies.refetch()}>
            {t`Try again`}
          </Button>
        </div>
      )}
      {replies.isSuccess && list.length === 0 && (
        <p className="text-sm text-ink-soft">{t`No replies yet. Be kind, and stay anonymous.`}</p>
      )}
      {list.length > 0 && (
        <ol className="grid gap-2.5">
          {list.map((reply) => (
            <ReplyItem key={reply.id} reply={reply} now={now} />
          ))}
        </ol>
      )}
      {replies.hasNextPage && (
        <Button
          variant="ghost"
          className="justify-self-start"
          disabled={replies.isFetchingNextPage}
          onClick={() => void replies.fetchNextPage()}
        >
          {replies.isFetchingNextPage ? t`Loading…` : t`Show more replies`}
        </Button>
      )}
      <ReplyComposer storyId={storyId} />
    </section>
  );
}

function ReplyItem({ reply, now }: { reply: TeaReply; now: number }) {
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const { t } = useLingui();
  const pseudonym = reply.pseudonym;
  return (
    <li className="grid gap-1 rounded-2xl border border-cream-200 bg-cream-100 px-3 py-2.5" data-testid="tea-reply">
      <div className="flex items-center gap-2">
        <span className="text-sm font-semibold text-plum-900" data-testid="reply-pseudonym">
          {reply.pseudonym}
        </span>
        {reply.isAuthor && (
          <span
            className="rounded-full bg-plum-700 px-2 py-0.5 text-[0.7rem] font-semibold text-white"
            data-testid="reply-author"
          >
            {t`Author`}
          </span>
        )}
        {reply.isMine && <span className="text-xs text-ink-soft">{t`(you)`}</span>}
        <time dateTime={reply.createdAt} className="ml-auto text-xs text-ink-soft">
          {formatLastActive(reply.createdAt, now)}
        </time>
        {reply.isMine ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Delete your reply`}
            className="-my-2 -mr-2 text-ink-soft"
            onClick={() => setDialog('delete')}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        ) : reply.reportedByMe ? null : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Report ${pseudonym}’s reply`}
            className="-my-2 -mr-2 text-ink-soft"
            onClick={() => setDialog('report')}
          >
            <Flag className="size-4" aria-hidden />
          </Button>
        )}
      </div>
      {reply.reportedByMe ? (
        <p className="text-sm text-ink-soft italic">{t`You reported this reply. Our moderators will review it.`}</p>
      ) : (
        <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-ink">{reply.content}</p>
      )}
      <ReportDialog
        target={{ kind: 'reply', id: reply.id }}
        open={dialog === 'report'}
        onClose={() => setDialog(null)}
      />
      <DeleteReplyDialog replyId={reply.id} open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </li>
  );
}

function ReplyComposer({ storyId }: { storyId: string }) {
  const [content, setContent] = useState('');
  const [nudging, setNudging] = useState(false);
  const create = useCreateReply(storyId);
  const { t } = useLingui();
  const fieldId = `reply-${storyId}`;
  const tooLong = content.length > REPLY_CONTENT_MAX;
  const over = content.length - REPLY_CONTENT_MAX;

  const send = (confirmed: boolean) => {
    create.mutate(
      { content, confirmed },
      {
        onSuccess: () => {
          setContent('');
          setNudging(false);
          toast({ title: t`Reply posted anonymously` });
        },
        onError: (error) => {
          if (isApiError(error) && error.body?.code === 'NEEDS_CONFIRMATION') {
            setNudging(true);
            return;
          }
          setNudging(false);
          toastFailed(t`Couldn’t post your reply`, error);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim() || tooLong) return;
    send(false);
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={fieldId} className="text-sm font-semibold text-ink">
        {t`Reply anonymously`}
      </label>
      <Textarea
        id={fieldId}
        value={content}
        rows={2}
        aria-describedby={`${fieldId}-count`}
        aria-invalid={tooLong || undefined}
        placeholder={t`Your name stays hidden: others see a tea name.`}
        onChange={(e) => {
          setContent(e.target.value);
          setNudging(false);
        }}
      />
      {/* Nothing is cut: past the limit the counter says so and the reply is not sent. */}
      <p
        id={`${fieldId}-count`}
        className={`justify-self-end text-xs ${tooLong ? 'font-medium text-red-700' : 'text-ink-soft'}`}
      >
        {content.length}/{REPLY_CONTENT_MAX}
        {tooLong && ` · ${t`shorten it by ${over}`}`}
      </p>
      {nudging ? (
        <div role="alert" className="grid gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm font-semibold text-amber-900">{t`Are you sure? This reply may hurt someone`}</p>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={() => setNudging(false)}>
              {t`Edit reply`}
            </Button>
            <Button variant="danger" disabled={create.isPending} onClick={() => send(true)}>
              {t`Post anyway`}
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" className="justify-self-end" disabled={!content.trim() || tooLong || create.isPending}>
          {create.isPending ? t`Posting…` : t`Post reply`}
        </Button>
      )}
    </form>
  );
}

function DeleteReplyDialog({ replyId, open, onClose }: { replyId: string; open: boolean; onClose: () => void }) {
  const remove = useDeleteReply();
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      title={t`Delete your reply?`}
      description={t`It will be gone for everyone. This can’t be undone.`}
      cancelLabel={t`Cancel`}
      confirmLabel={t`Delete`}
      busyLabel={t`Deleting…`}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(replyId, {
          onSuccess: () => {
            onClose();
            toast({ title: t`Reply deleted` });
          },
          onError: (error) => toastFailed(t`Couldn’t delete your reply`, error),
        })
      }
    />
  );
}

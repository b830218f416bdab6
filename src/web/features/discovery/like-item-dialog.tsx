import { useRef, useState, type FormEvent } from 'react';
import { Heart, Star } from 'lucide-react';
import { LIKE_COMMENT_MAX_LENGTH, likeComment } from '../../../contract/matches';
import type { LikeTarget } from '../../components/like-item-button';
import { Button } from '../../components/ui/button';
import { describedBy, Field, Textarea } from '../../components/ui/field';
import { Sheet } from '../../components/ui/sheet';
import { cn } from '../../lib/cn';
import { useLingui } from '@lingui/react/macro';
import { promptText } from '../../lib/labels/prompts';

interface LikeItemDialogProps {
  name: string;
  target: LikeTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canSuperLike: boolean;
  /** The comment, trimmed, or undefined for none; the dialog closes itself first. */
  onSend: (action: 'like' | 'super_like', comment: string | undefined) => void;
}

const COMMENT_ID = 'like-comment';

/**
 * One sheet for liking one photo or prompt answer (product §4): the item, an optional comment with its
 * counter, checked with the same rule the server applies (contract `likeComment`, a chat message's rule
 * at 140 characters), and Send like / Super like.
 */
export function LikeItemDialog({ name, target, open, onOpenChange, canSuperLike, onSend }: LikeItemDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const over = text.length > LIKE_COMMENT_MAX_LENGTH;
  const { t } = useLingui();
  const max = LIKE_COMMENT_MAX_LENGTH;

  const send = (action: 'like' | 'super_like') => {
    let comment: string | undefined;
    if (text.trim() !== '') {
      const parsed = likeComment.safeParse(text);
      if (!parsed.success) {
        // The contract's rule, its messages said here in her language.
        const code = parsed.error.issues[0]?.code;
        setError(
          code === 'too_small'
            ? t`A comment cannot be empty: leave it out to send a plain like`
            : code === 'too_big'
              ? t`A comment is at most ${max} characters`
              : code === 'custom'
                ? t`Text may not contain control characters`
                : t`Check your comment`,
        );
        textarea.current?.focus();
        return;
      }
      comment = parsed.data;
    }
    onOpenChange(false);
    onSend(action, comment);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send('like');
  };

  const overBy = text.length - LIKE_COMMENT_MAX_LENGTH;
  const described = describedBy(COMMENT_ID, { hint: true, error });
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={target.kind === 'photo' ? t`Like ${name}'s photo` : t`Like ${name}'s prompt`}
      description={t`If you match, your comment opens the chat.`}
    >
      <form onSubmit={submit} className="grid gap-4" data-testid="like-item-dialog">
        {target.kind === 'photo' ? (
          <img
            src={target.photoUrl}
            alt={t`The photo of ${name} you are liking`}
            className="mx-auto aspect-[4/5] max-h-56 rounded-2xl object-cover shadow-card"
          />
        ) : (
          <div className="rounded-2xl bg-plum-50 px-4 py-3 ring-1 ring-plum-100">
            <p className="text-xs font-semibold text-plum-700">
              {promptText(target.prompt.promptId, target.prompt.question)}
            </p>
            <p className="mt-1 font-display text-lg leading-snug wrap-anywhere text-plum-900">{target.prompt.answer}</p>
          </div>
        )}
        <Field
          id={COMMENT_ID}
          label={t`Add a comment`}
          optional
          error={error}
          hint={t`Say what caught your eye. Kind and specific goes a long way.`}
        >
          <Textarea
            id={COMMENT_ID}
            ref={textarea}
            rows={3}
            value={text}
            placeholder={target.kind === 'photo' ? t`What do you like about it?` : t`Answer her, or ask her more`}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(undefined);
            }}
            {...described}
            aria-describedby={`${COMMENT_ID}-count ${described['aria-describedby']}`}
          />
        </Field>
        <p
          id={`${COMMENT_ID}-count`}
          aria-live="polite"
          className={cn('-mt-3 text-right text-xs tabular-nums', over ? 'font-semibold text-red-700' : 'text-ink-soft')}
        >
          {text.length}/{LIKE_COMMENT_MAX_LENGTH}
          {over && ` · ${t`shorten it by ${overBy}`}`}
        </p>
        <div className="grid gap-2">
          <Button type="submit" block>
            <Heart className="size-4" aria-hidden />
            {t`Send like`}
          </Button>
          {canSuperLike && (
            <Button variant="outline" block onClick={() => send('super_like')}>
              <Star className="size-4" aria-hidden />
              {t`Send as Super Like`}
            </Button>
          )}
        </div>
      </form>
    </Sheet>
  );
}

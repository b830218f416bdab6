import { useState, type FormEvent } from 'react';
import { AlertDialog, Dialog, OVERLAY_CLASS } from '../../components/ui/dialog';
import { PenLine, X } from 'lucide-react';
import {
  ABOUT_NAME_MAX,
  STORY_CONTENT_MAX,
  STORY_CONTENT_MIN,
  STORY_TITLE_MAX,
  STORY_TITLE_MIN,
  TEA_CATEGORIES,
  TEA_TYPES,
  storyFieldErrors,
  type CreateStoryBody,
  type TeaCategory,
} from '../../../contract/stories';
import { Button } from '../../components/ui/button';
import { Field, Input, NativeSelect, Textarea, describedBy } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { fieldErrorText, isApiError } from '../../lib/api';
import { useFocusFirstInvalid } from '../../lib/form-errors';
import { PROMPT_STARTERS, withStarter } from './prompt-starters';
import { useShareStory } from './stories-api';
import { teaCategoryLabel, teaTypeLabel } from '../../lib/tea-labels';
import { useLingui } from '@lingui/react/macro';
import { useCurrentUser } from '../../lib/session';
import { EMPTY_STORY, readStoryDraft, saveStoryDraft, type StoryDraft as Draft } from './story-draft';

/** The fields that show the server's refusal beside them; any other goes to a toast. */
const SHOWN_BESIDE = ['title', 'content', 'aboutName'];

/** 'Share Your Experience' (product §2, 5, 8): the form, the harassment nudge and the toasts. */
export function ShareStoryDialog() {
  const [open, setOpen] = useState(false);
  const me = useCurrentUser();
  const [draft, setDraft] = useState<Draft>(() => readStoryDraft(me.id));
  const [nudging, setNudging] = useState(false);
  const share = useShareStory();
  const { t, i18n } = useLingui();
  const [problems, setProblems] = useState<{ path: string; message: string }[]>([]);
  const { formRef, focusFirst } = useFocusFirstInvalid();
  /** The form's own problems (the contract's rule, `storyFieldErrors`), worded in her language where shown. */
  const storyProblems = (d: Draft) =>
    storyFieldErrors(d).map(({ path }) => {
      if (path === 'title') {
        const message = d.title.trim() ? t`Use at least ${STORY_TITLE_MIN} characters for the title` : t`Add a title`;
        return { path, message };
      }
      const message = d.content.trim()
        ? t`Tell your story in at least ${STORY_CONTENT_MIN} characters`
        : t`Write your story`;
      return { path, message };
    });
  const fieldError = (path: string) =>
    problems.find((p) => p.path === path)?.message ?? fieldErrorText(share.error, path);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setProblems((list) => list.filter((p) => p.path !== key));
    if (share.isError) share.reset();
    const next = { ...draft, [key]: value };
    setDraft(next);
    saveStoryDraft(me.id, next);
  };

  const send = (confirmed: boolean) => {
    const body: CreateStoryBody = {
      title: draft.title,
      content: draft.content,
      category: draft.category,
      confirmed,
      ...(draft.aboutName.trim() ? { aboutName: draft.aboutName } : {}),
      ...(draft.teaType ? { teaType: draft.teaType as CreateStoryBody['teaType'] } : {}),
    };
    share.mutate(body, {
      onSuccess: () => {
        setNudging(false);
        setOpen(false);
        setDraft(EMPTY_STORY);
        saveStoryDraft(me.id, EMPTY_STORY);
        toast({ title: t`Story shared anonymously!`, description: t`Only you can see that it is yours.` });
      },
      onError: (error) => {
        if (isApiError(error) && error.body?.code === 'NEEDS_CONFIRMATION') {
          setNudging(true);
          return;
        }
        setNudging(false);
        console.warn('Sharing a story failed.', error);
        if (isApiError(error) && error.body?.errors?.some((e) => SHOWN_BESIDE.includes(e.path))) {
          focusFirst();
          return;
        }
        const reason = isApiError(error) ? (error.firstFieldError ?? error.serverMessage) : undefined;
        toast({ title: t`Failed to share story`, description: reason ?? t`Please try again.`, variant: 'destructive' });
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Every problem at once, beside its field, and focus on the first.
    const found = storyProblems(draft);
    setProblems(found);
    if (found.length > 0) {
      focusFirst();
      return;
    }
    send(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !share.isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button block size="lg">
          <PenLine className="size-5" aria-hidden /> {t`Share Your Experience`}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[92dvh] w-full max-w-md overflow-y-auto rounded-t-[1.75rem] bg-cream-50 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-1">
              <Dialog.Title className="font-display text-xl font-semibold text-plum-900">
                {t`Share Your Experience`}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-ink-soft">
                {t`Posted anonymously: no one, not even moderators, sees that it is yours.`}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t`Close`} className="-mt-1 -mr-2 shrink-0">
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>

          <form ref={formRef} className="mt-4 grid gap-4" onSubmit={submit} noValidate>
            <Field
              id="story-title"
              label={t`Title`}
              // The field stops taking text at its limit, so it says how much is used (as a prompt's answer does).
              hint={`${draft.title.length}/${STORY_TITLE_MAX}`}
              error={fieldError('title')}
            >
              <Input
                id="story-title"
                {...describedBy('story-title', { hint: true, error: fieldError('title') })}
                value={draft.title}
                maxLength={STORY_TITLE_MAX}
                placeholder={t`Give your story a title`}
                onChange={(e) => set('title', e.target.value)}
              />
            </Field>

            <div className="grid gap-1.5">
              <Field
                id="story-content"
                label={t`Your story`}
                hint={
                  <span className="flex justify-between gap-3">
                    <span>{t`Leave out names, numbers, links and places that identify anyone.`}</span>
                    <span className="shrink-0">{`${draft.content.length}/${STORY_CONTENT_MAX}`}</span>
                  </span>
                }
                error={fieldError('content')}
              >
                <Textarea
                  id="story-content"
                  value={draft.content}
                  rows={6}
                  maxLength={STORY_CONTENT_MAX}
                  placeholder={t`What happened?`}
                  {...describedBy('story-content', { hint: true, error: fieldError('content') })}
                  onChange={(e) => set('content', e.target.value)}
                />
              </Field>
              <div role="group" aria-label={t`Prompt starters`} className="-mx-5 flex gap-2 overflow-x-auto px-5 pb-1">
                {PROMPT_STARTERS.map((descriptor) => i18n._(descriptor)).map((starter) => (
                  <button
                    key={starter}
                    type="button"
                    onClick={() => set('content', withStarter(draft.content, starter))}
                    className="min-h-9 shrink-0 rounded-full border border-plum-200 bg-white px-3 text-xs font-medium text-plum-800 hover:bg-plum-50"
                  >
                    {starter}
                  </button>
                ))}
              </div>
            </div>

            <div className="grid grid-cols-2 gap-3">
              <Field
                id="story-about"
                label={t({ message: 'About', context: 'whom a story is about' })}
                optional
                error={fieldError('aboutName')}
              >
                <Input
                  id="story-about"
                  {...describedBy('story-about', { error: fieldError('aboutName') })}
                  value={draft.aboutName}
                  maxLength={ABOUT_NAME_MAX}
                  placeholder={t`First name or initial`}
                  onChange={(e) => set('aboutName', e.target.value)}
                />
              </Field>
              <Field id="story-type" label={t`Relationship`} optional>
                <NativeSelect id="story-type" value={draft.teaType} onChange={(e) => set('teaType', e.target.value)}>
                  <option value="">{t`None`}</option>
                  {TEA_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {teaTypeLabel(i18n, type)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>

            <Field id="story-category" label={t`Category`}>
              <NativeSelect
                id="story-category"
                value={draft.category}
                onChange={(e) => set('category', e.target.value as TeaCategory)}
              >
                {TEA_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {teaCategoryLabel(i18n, category)}
                  </option>
                ))}
              </NativeSelect>
            </Field>

            <Button type="submit" size="lg" block disabled={share.isPending}>
              {share.isPending ? t`Sharing…` : t`Share Anonymously`}
            </Button>
          </form>

          <AlertDialog.Root open={nudging} onOpenChange={(next) => !share.isPending && setNudging(next)}>
            <AlertDialog.Portal>
              <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-scrim/40 data-[state=open]:animate-fade-in" />
              <AlertDialog.Content className="fixed inset-x-4 bottom-4 z-[60] mx-auto max-w-sm rounded-(--radius-card) bg-cream-50 p-6 shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
                <AlertDialog.Title className="font-display text-xl font-semibold text-plum-900">
                  {t`Are you sure? This story may hurt someone`}
                </AlertDialog.Title>
                <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-ink-soft">
                  {t`Your story uses words that can wound. Tea is a place to heal and warn, not to hurt: consider rewording it. Stories posted anyway are shown to our moderators.`}
                </AlertDialog.Description>
                <div className="mt-6 grid grid-cols-2 gap-3">
                  <AlertDialog.Cancel asChild>
                    <Button variant="outline" disabled={share.isPending}>
                      {t`Edit`}
                    </Button>
                  </AlertDialog.Cancel>
                  <Button variant="danger" disabled={share.isPending} onClick={() => send(true)}>
                    {share.isPending ? t`Posting…` : t`Post anyway`}
                  </Button>
                </div>
              </AlertDialog.Content>
            </AlertDialog.Portal>
          </AlertDialog.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

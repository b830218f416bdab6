import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Avatar } from '../../components/avatar';
import { BY_USERNAME, PersonPicker, type PickablePerson } from '../../components/report-dialog';
import { Button } from '../../components/ui/button';
import { Field, UsernameInput, useUsernameRules } from '../../components/ui/field';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Sheet } from '../../components/ui/sheet';
import { toast, toastFailed } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useFormErrors } from '../../lib/form-errors';
import { useBlocks, useBlockUser, useUnblock } from './safety-api';

const FIELDS = ['who', 'username'] as const;

/** Block someone by username, and her block list with Unblock. Sent with no one chosen, it says so beside the field. */
export function BlockDialog({
  userId,
  open,
  onOpenChange,
  people = [],
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Her matches and conversations to pick from; by username stays as the fallback. */
  people?: readonly PickablePerson[];
}) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [picked, setPicked] = useState('');
  const byUsername = people.length === 0 || picked === BY_USERNAME;
  const blocks = useBlocks(userId, open);
  const blockUser = useBlockUser();
  const unblock = useUnblock();
  const [unblocking, setUnblocking] = useState<{ id: string; name: string } | null>(null);
  // The row she unblocked, until the list no longer has it: her focus then goes to the list's heading, not to the
  // sheet (the confirmation gave it back to the row's button, which leaves with the row).
  const leaving = useRef<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (leaving.current === null || blocks.data?.some((b) => b.id === leaving.current)) return;
    leaving.current = null;
    listHeading.current?.focus();
  }, [blocks.data]);
  const { formRef, errors, refuse, clearError } = useFormErrors(FIELDS);
  const usernameRules = useUsernameRules();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (blockUser.isPending) return;
    if (
      refuse({
        ...(byUsername && !name ? { username: t`Enter their @username` } : {}),
        ...(byUsername && name ? { username: usernameRules(name) } : {}),
        ...(!byUsername && !picked ? { who: t`Choose who you are blocking` } : {}),
      })
    )
      return;
    blockUser.mutate(byUsername ? { blockedUsername: name } : { blockedUserId: picked }, {
      onSuccess: () => {
        toast({
          title: t`User blocked`,
          // By username, the same true words whoever the name is (a typo blocks no one), as a report's thanks.
          description: byUsername
            ? t`If @${name} is on Steep, you won't see each other again.`
            : t`You won't see them again`,
        });
        setUsername('');
        setPicked('');
      },
      onError: (error) => {
        // Already on her list (a second tap, another device): she is protected, so it is not a failure.
        if (isApiError(error) && error.status === 409) {
          toast({ title: t`Already blocked`, description: error.message });
          setUsername('');
          setPicked('');
          return;
        }
        toastFailed(t`Not blocked`, error, t`Failed to block user.`);
      },
    });
  };

  const confirmUnblock = () => {
    if (!unblocking || unblock.isPending) return;
    unblock.mutate(unblocking.id, {
      onSuccess: (_, id) => {
        leaving.current = id;
        setUnblocking(null);
        toast({ title: t`User unblocked`, description: t`You can now see this user again` });
      },
      onError: (error) => {
        // Gone already (a double tap, another device): what she asked for is true.
        if (isApiError(error) && error.status === 404) {
          leaving.current = unblocking.id;
          setUnblocking(null);
          toast({ title: t`Already unblocked`, description: t`They are no longer on your list.` });
          return;
        }
        // The question stays open to try again.
        toastFailed(t`Not unblocked`, error, t`Failed to unblock. Please try again.`);
      },
    });
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t`Block & Unblock`}
      description={t`Blocked members can't see you or message you, and you won't see them.`}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-2">
        {people.length > 0 && (
          <PersonPicker
            id="block-person"
            people={people}
            value={picked}
            error={errors.who}
            onChange={(value) => {
              setPicked(value);
              clearError('who');
            }}
          />
        )}
        <div className="flex items-start gap-2">
          {byUsername && (
            <Field id="block-username" label={t`Block by username`} error={errors.username} className="min-w-0 flex-1">
              <UsernameInput
                id="block-username"
                value={username}
                error={errors.username}
                onChange={(value) => {
                  setUsername(value);
                  clearError('username');
                }}
              />
            </Field>
          )}
          <Button
            type="submit"
            variant="danger"
            className={cn(byUsername ? 'mt-[1.625rem]' : 'w-full', 'aria-disabled:opacity-50')}
            // aria-disabled, not disabled: her focus stays on the button through a failure (submit ignores repeats).
            aria-disabled={blockUser.isPending}
          >
            {t`Block`}
          </Button>
        </div>
      </form>

      <section aria-labelledby="blocked-list-title" className="grid grid-cols-1 gap-2">
        <h3
          id="blocked-list-title"
          ref={listHeading}
          tabIndex={-1}
          className="text-sm font-semibold text-ink outline-none"
        >
          {t`Blocked members`}
        </h3>
        {blocks.isPending ? (
          <p className="text-sm text-ink-soft">{t`Loading…`}</p>
        ) : blocks.isError ? (
          <p className="text-sm text-red-700">{t`Your block list could not be loaded.`}</p>
        ) : blocks.data.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-sm text-ink-soft">{t`You haven’t blocked anyone.`}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2">
            {blocks.data.map((b) => (
              <li key={b.id} className="flex items-center gap-3 rounded-2xl bg-white p-3">
                <Avatar
                  name={b.blockedUser.name}
                  photos={b.blockedUser.photo ? [b.blockedUser.photo] : []}
                  className="size-10 shrink-0"
                />
                {/* Her whole name, then the button; a name too long to share the line (or a longer "Desbloquear")
                    puts the button under it, never squeezed or past the edge. */}
                <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-2">
                  <span className="min-w-0 text-sm font-semibold break-words text-ink">{b.blockedUser.name}</span>
                  <Button
                    variant="outline"
                    className="shrink-0"
                    aria-label={t`Unblock ${b.blockedUser.name}`}
                    disabled={unblock.isPending}
                    onClick={() => setUnblocking({ id: b.id, name: b.blockedUser.name })}
                  >
                    {t`Unblock`}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* Over the sheet, which stays beneath it: Cancel leaves her where she was, on the list. */}
      <ConfirmDialog
        open={unblocking !== null}
        title={unblocking ? t`Unblock ${unblocking.name}?` : ''}
        description={
          unblocking
            ? t`You’ll be able to see ${unblocking.name} on Steep again, and they’ll be able to see you. You can block them again at any time.`
            : ''
        }
        confirmLabel={t`Unblock`}
        busyLabel={t`Unblocking…`}
        busy={unblock.isPending}
        focusWhenOpenerGone={() => listHeading.current}
        onCancel={() => setUnblocking(null)}
        onConfirm={confirmUnblock}
      />
    </Sheet>
  );
}

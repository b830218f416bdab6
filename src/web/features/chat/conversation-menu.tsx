import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DropdownMenu } from '../../components/ui/dropdown-menu';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Ban, EllipsisVertical, Flag, HeartOff, ShieldCheck } from 'lucide-react';
import { matchesApi } from '../../../contract/api/matches';
import type { MatchUser } from '../../../contract/matches';
import { usePersonSafety } from '../../components/person-safety';
import { ShareDateSheet } from '../../components/datesafety/share-date-sheet';
import { apiCall } from '../../lib/api';
import { toast, toastFailed } from '../../components/ui/toast';
import { messagesRoute } from './chat-cache';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf } from '../../lib/query-key';
import { useLingui } from '@lingui/react/macro';
import { t as tNow } from '@lingui/core/macro';

export type MatchAction = 'report' | 'block' | 'unmatch' | 'share-date';
/** Report and Block open the shared dialogs (usePersonSafety); only Unmatch is confirmed here. */
type Pending = 'unmatch' | null;

/** Read at call time, in the active language. */
const CONFIRM_COPY = {
  unmatch: {
    title: (name: string) => tNow`Unmatch ${name}?`,
    body: () => tNow`This conversation will disappear for both of you, and you won’t meet again in Discover.`,
    // The button under 'Unmatch {name}?': the verb alone where a language allows it (Spanish 'Deshacer').
    action: () => tNow({ message: 'Unmatch', context: 'confirm button' }),
  },
} as const;

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-ink outline-none data-highlighted:bg-plum-50';

/** The match the actions are about. */
interface MatchTarget {
  matchId: string;
  otherUser: MatchUser;
}

/**
 * Report, Block and Unmatch for one match, each confirmed first: `ask` opens the confirmation, `dialog`
 * must be rendered once. Shared by the conversation menu and her profile sheet (chat list and header);
 * `target` is null while none is chosen (the chat list before a tap).
 */
export function useMatchActions(target: MatchTarget | null): { ask: (action: MatchAction) => void; dialog: ReactNode } {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Pending>(null);
  const [sharingDate, setSharingDate] = useState(false);

  const leaveConversation = async () => {
    // Leave first: refreshing while the conversation is on screen would flash 'not found'.
    await navigate('/chats', { replace: true });
    queryClient.removeQueries({ queryKey: queryKeyOf(messagesRoute) });
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
  };

  const safety = usePersonSafety({
    ...(target ? { matchId: target.matchId } : {}),
    onBlocked: leaveConversation,
  });

  const unmatch = useMutation({
    mutationFn: ({ matchId }: MatchTarget) => apiCall(matchesApi.unmatch, { params: { id: matchId } }),
    // Offline, fail at once: an unmatch held unseen would happen later by itself, when she may have changed her mind.
    networkMode: 'always',
    onSuccess: async (_, { otherUser }) => {
      setConfirming(null);
      const name = otherUser.name;
      toast({ title: t`Unmatched`, description: t`You and ${name} are no longer matched.` });
      await leaveConversation();
    },
    onError: (error) => toastFailed(t`Not unmatched`, error, t`Failed to unmatch. Please try again.`),
  });

  const busy = unmatch.isPending;
  const copy = confirming && target ? CONFIRM_COPY[confirming] : null;
  const ask = (action: MatchAction) => {
    if (!target) return;
    if (action === 'report') safety.report(target.otherUser);
    else if (action === 'block') safety.block(target.otherUser);
    else if (action === 'share-date') setSharingDate(true);
    else setConfirming(action);
  };

  const dialog = (
    <ConfirmDialog
      open={copy !== null}
      title={copy && target ? copy.title(target.otherUser.name) : ''}
      description={copy?.body() ?? ''}
      confirmLabel={copy?.action() ?? ''}
      cancelLabel={t`Cancel`}
      busy={busy}
      onConfirm={() => target && unmatch.mutate(target)}
      onCancel={() => setConfirming(null)}
    />
  );

  return {
    ask,
    dialog: (
      <>
        {dialog}
        {safety.dialogs}
        {/* Mounted while open, so the times it suggests are counted from when she opens it. */}
        {target && sharingDate && (
          <ShareDateSheet
            subject={{
              kind: 'match',
              matchId: target.matchId,
              name: target.otherUser.name,
              photos: target.otherUser.photos,
            }}
            open={sharingDate}
            onOpenChange={setSharingDate}
          />
        )}
      </>
    ),
  };
}

/**
 * The header menu (product §2): Share my date (product §2, "Share My Date"), Report User, Unmatch and Block User;
 * `onSelect` opens the sheet or asks for confirmation.
 */
export function ConversationMenu({ onSelect }: { onSelect: (action: MatchAction) => void }) {
  const { t } = useLingui();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t`Conversation options`}
        className="grid size-11 place-items-center rounded-full text-plum-800 transition-colors hover:bg-plum-50 data-[state=open]:bg-plum-100"
      >
        <EllipsisVertical className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-2xl border border-plum-100 bg-white p-1.5 shadow-float data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Item onSelect={() => onSelect('share-date')} className={itemClass}>
            <ShieldCheck className="size-4 text-plum-700" aria-hidden />
            {t`Share my date`}
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => onSelect('report')} className={itemClass}>
            <Flag className="size-4 text-plum-700" aria-hidden />
            {t`Report User`}
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => onSelect('unmatch')} className={itemClass}>
            <HeartOff className="size-4 text-plum-700" aria-hidden />
            {t`Unmatch`}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => onSelect('block')}
            className={itemClass + ' text-red-700 data-highlighted:bg-red-50'}
          >
            <Ban className="size-4" aria-hidden />
            {t`Block User`}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

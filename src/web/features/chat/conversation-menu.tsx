import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDialog, DropdownMenu } from 'radix-ui';
import { Ban, EllipsisVertical, Flag } from 'lucide-react';
import type { MatchUser } from '../../../contract/matches';
import { api } from '../../lib/api';
import { toast } from '../../components/ui/toast';
import { Button } from '../../components/ui/button';
import { chatKeys } from './chat-cache';

type Pending = 'report' | 'block' | null;

const CONFIRM_COPY = {
  report: {
    title: (name: string) => `Report ${name}?`,
    body: 'Our team will review this conversation for inappropriate behavior. They won’t be told who reported them.',
    action: 'Report',
  },
  block: {
    title: (name: string) => `Block ${name}?`,
    body: 'They won’t be able to message you, and you won’t see each other anywhere in Steep.',
    action: 'Block',
  },
} as const;

/** The header menu (spec 2): Report User and Block User, each confirmed first. */
export function ConversationMenu({ otherUser }: { otherUser: MatchUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Pending>(null);

  const report = useMutation({
    mutationFn: () => api.post('/api/reports', { reportedUserId: otherUser.id, reason: 'inappropriate_behavior' }),
    onSuccess: () => {
      setConfirming(null);
      toast({ title: 'Report submitted', description: 'Thank you for helping keep Steep safe' });
    },
    onError: (error) => {
      console.warn('Report failed.', error);
      toast({ title: 'Error', description: 'Failed to submit report. Please try again.', variant: 'destructive' });
    },
  });

  const block = useMutation({
    mutationFn: () => api.post('/api/blocks', { blockedUserId: otherUser.id }),
    onSuccess: async () => {
      setConfirming(null);
      toast({ title: 'User blocked', description: "You won't see them again" });
      // Leave first: refreshing while the conversation is on screen would flash 'not found'.
      await navigate('/chats', { replace: true });
      queryClient.removeQueries({ queryKey: chatKeys.allMessages });
      await queryClient.invalidateQueries({ queryKey: chatKeys.matches });
    },
    onError: (error) => {
      console.warn('Block failed.', error);
      toast({ title: 'Error', description: 'Failed to block user. Please try again.', variant: 'destructive' });
    },
  });

  const busy = report.isPending || block.isPending;
  const copy = confirming ? CONFIRM_COPY[confirming] : null;

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label="Conversation options"
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
            <DropdownMenu.Item
              onSelect={() => setConfirming('report')}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-ink outline-none data-highlighted:bg-plum-50"
            >
              <Flag className="size-4 text-plum-700" aria-hidden />
              Report User
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={() => setConfirming('block')}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-red-700 outline-none data-highlighted:bg-red-50"
            >
              <Ban className="size-4" aria-hidden />
              Block User
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <AlertDialog.Root open={confirming !== null} onOpenChange={(open) => !open && !busy && setConfirming(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-plum-900/40 data-[state=open]:animate-fade-in" />
          <AlertDialog.Content className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-sm rounded-(--radius-card) bg-cream-50 p-6 shadow-float data-[state=open]:animate-sheet-up focus:outline-none">
            {copy && (
              <>
                <AlertDialog.Title className="font-display text-xl font-semibold text-plum-900">
                  {copy.title(otherUser.name)}
                </AlertDialog.Title>
                <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-ink-soft">
                  {copy.body}
                </AlertDialog.Description>
                <div className="mt-6 grid grid-cols-2 gap-3">
                  <AlertDialog.Cancel asChild>
                    <Button variant="outline" disabled={busy}>
                      Cancel
                    </Button>
                  </AlertDialog.Cancel>
                  <Button
                    variant={confirming === 'block' ? 'danger' : 'primary'}
                    disabled={busy}
                    onClick={() => (confirming === 'block' ? block.mutate() : report.mutate())}
                  >
                    {busy ? 'Please wait…' : copy.action}
                  </Button>
                </div>
              </>
            )}
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

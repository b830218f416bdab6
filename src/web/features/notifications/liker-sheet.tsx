import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { Heart, X } from 'lucide-react';
import { matchesApi } from '../../../contract/api/matches';
import type { LikeEntry } from '../../../contract/notifications';
import { PersonSafetyButtons } from '../../components/person-safety';
import { ProfileDetailSheet } from '../../components/profile-detail-sheet';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { apiCall, isApiError } from '../../lib/api';
import { celebrateMatch } from '../../lib/celebration-store';
import { invalidateRoutes, queryKeyOf } from '../../lib/query-key';
import { BELL_ROUTES } from '../../lib/shared-routes';

interface LikerSheetProps {
  entry: LikeEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Report / Block: the sheet closes first, so only the dialog is on screen. */
  onReport: () => void;
  onBlock: () => void;
}

/**
 * Someone who liked her (Premium's "See who liked you"): her full profile with Like back, Pass and
 * Report. Liking back makes the match at once: the match celebration opens, with its way into chat.
 */
export function LikerSheet({ entry, open, onOpenChange, onReport, onBlock }: LikerSheetProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<'like' | 'pass' | null>(null);

  const answer = async (like: boolean) => {
    setPending(like ? 'like' : 'pass');
    try {
      const result = await apiCall(matchesApi.swipe, {
        body: { targetUserId: entry.id, isLike: like, mode: entry.mode },
      });
      onOpenChange(false);
      if (result.match) celebrateMatch(result.match);
      else if (!like)
        toast({ title: t`Passed on ${entry.name}`, description: t`${entry.name} won’t be in your likes any more.` });
    } catch (error) {
      const limited = isApiError(error) && error.status === 429;
      toast({
        title: limited ? t`Out of likes for today` : t`Could not save that`,
        description: (isApiError(error) && error.serverMessage) || t`Please try again`,
        variant: 'destructive',
      });
    } finally {
      setPending(null);
      void invalidateRoutes(queryClient, BELL_ROUTES);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchesApi.list) });
    }
  };

  return (
    <ProfileDetailSheet
      person={entry}
      open={open}
      onOpenChange={onOpenChange}
      actions={
        <>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" disabled={pending !== null} onClick={() => void answer(false)}>
              <X className="size-4" aria-hidden />
              {pending === 'pass' ? t`Passing…` : t`Pass`}
            </Button>
            <Button disabled={pending !== null} onClick={() => void answer(true)}>
              <Heart className="size-4" aria-hidden />
              {pending === 'like' ? t`Liking…` : t`Like back`}
            </Button>
          </div>
          <PersonSafetyButtons
            person={entry}
            onReport={() => {
              onOpenChange(false);
              onReport();
            }}
            onBlock={() => {
              onOpenChange(false);
              onBlock();
            }}
          />
        </>
      }
    />
  );
}

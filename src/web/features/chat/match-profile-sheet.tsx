import { Link } from 'react-router';
import { MessageCircle } from 'lucide-react';
import type { MatchUser } from '../../../contract/matches';
import { ProfileDetailSheet } from '../../components/profile-detail-sheet';
import { Button, buttonClasses } from '../../components/ui/button';
import type { MatchAction } from './conversation-menu';
import { useLingui } from '@lingui/react/macro';

interface MatchProfileSheetProps {
  matchId: string;
  otherUser: MatchUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Asks to confirm Report, Block or Unmatch (useMatchActions). */
  onAction: (action: MatchAction) => void;
  /** From the chat list: a way into the conversation; from the conversation itself, none. */
  withMessage?: boolean;
}

/** A match's full profile with what chat offers about her: Message, Report, Unmatch and Block. */
export function MatchProfileSheet({
  matchId,
  otherUser,
  open,
  onOpenChange,
  onAction,
  withMessage = false,
}: MatchProfileSheetProps) {
  const { t } = useLingui();
  const name = otherUser.name;
  // The sheet closes first, so the confirmation is not stacked on top of it.
  const act = (action: MatchAction) => {
    onOpenChange(false);
    onAction(action);
  };
  return (
    <ProfileDetailSheet
      person={otherUser}
      open={open}
      onOpenChange={onOpenChange}
      actions={
        <div className="grid gap-2">
          {withMessage && (
            <Link to={`/conversation/${matchId}`} className={buttonClasses('primary', 'md', true)}>
              <MessageCircle className="size-4" aria-hidden />
              {t`Message ${name}`}
            </Link>
          )}
          {/* Words only: three icons and labels do not fit a third of a phone's width. */}
          <div className="grid grid-cols-3 gap-2">
            <Button variant="outline" className="px-2" onClick={() => act('report')}>
              {t`Report`}
            </Button>
            <Button variant="outline" className="px-2" onClick={() => act('unmatch')}>
              {t`Unmatch`}
            </Button>
            <Button variant="danger" className="px-2" onClick={() => act('block')}>
              {t`Block`}
            </Button>
          </div>
        </div>
      }
    />
  );
}

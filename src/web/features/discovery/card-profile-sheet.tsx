import type { DiscoveryCard } from '../../../contract/discovery';
import { PersonSafetyButtons } from '../../components/person-safety';
import { LazyProfileDetailSheet } from '../../components/lazy-on-open';
import type { LikeTarget } from '../../components/like-item-button';
import { SwipeActions } from './swipe-actions';
import type { SwipeAction } from './swipe-gesture';

interface CardProfileSheetProps {
  card: DiscoveryCard;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canSuperLike: boolean;
  canLike: boolean;
  /** The deck's own swipe: the sheet closes and the card leaves the stack as if swiped. */
  onAction: (action: SwipeAction, button: HTMLButtonElement) => void;
  /** Report / Block: the sheet closes first, so only the dialog is on screen. */
  onReport: () => void;
  onBlock: () => void;
  /** A heart on one photo or prompt: the sheet closes first, so only the like dialog is on screen. */
  onLikeItem: (target: LikeTarget) => void;
}

/** The top card's full profile, with the same Pass / Super like / Like the deck offers. */
export function CardProfileSheet({
  card,
  open,
  onOpenChange,
  canSuperLike,
  canLike,
  onAction,
  onReport,
  onBlock,
  onLikeItem,
}: CardProfileSheetProps) {
  return (
    <LazyProfileDetailSheet
      person={card}
      open={open}
      onOpenChange={onOpenChange}
      onLikeItem={(target) => {
        onOpenChange(false);
        onLikeItem(target);
      }}
      actions={
        <>
          <SwipeActions
            hasCard
            canSuperLike={canSuperLike}
            canLike={canLike}
            preview={null}
            onAction={(action, button) => {
              onOpenChange(false);
              onAction(action, button);
            }}
          />
          <PersonSafetyButtons
            person={card}
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

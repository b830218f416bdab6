import { Link } from 'react-router';
import { MapPin, Settings, UserRound } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Dialog } from './ui/dialog';
import { useCurrentUser } from '../lib/session';
import { Avatar } from './avatar';
import { PromptAnswers } from './prompt-answers';
import { Button, buttonClasses } from './ui/button';
import { Sheet } from './ui/sheet';

export interface OwnProfileSheetBodyProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sheet itself, loaded on the first tap of the header avatar (Radix's dialog stays out of /home's first paint). */
export function OwnProfileSheetBody({ open, onOpenChange }: OwnProfileSheetBodyProps) {
  const user = useCurrentUser();
  const { t } = useLingui();
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t`Your profile`}
      description={t`How others see you on Discover`}
    >
      <div className="flex items-center gap-4">
        <Avatar name={user.name} photos={user.photos} className="size-20 text-3xl ring-4 ring-white" />
        <div className="grid min-w-0 gap-1">
          <p className="truncate font-display text-2xl font-semibold text-plum-900">
            {user.name}
            <span className="ml-2 font-sans text-lg font-normal text-ink-soft">{user.age}</span>
          </p>
          <p className="flex items-center gap-1 text-sm text-ink-soft">
            <MapPin className="size-4 shrink-0 text-plum-500" aria-hidden />
            <span className="truncate">{user.location}</span>
          </p>
        </div>
      </div>
      {user.bio && <p className="line-clamp-3 text-sm leading-relaxed wrap-anywhere text-ink">{user.bio}</p>}
      {/* Her card shows her first prompt, so the preview does too. */}
      {user.prompts[0] && <PromptAnswers prompts={user.prompts.slice(0, 1)} />}
      <div className="grid gap-2">
        <Dialog.Close asChild>
          <Link to="/profile" className={buttonClasses('primary', 'md', true)}>
            <UserRound className="size-4" aria-hidden />
            {t`Edit Profile`}
          </Link>
        </Dialog.Close>
        <Dialog.Close asChild>
          <Link to="/settings" className={buttonClasses('outline', 'md', true)}>
            <Settings className="size-4" aria-hidden />
            {t`Settings`}
          </Link>
        </Dialog.Close>
        <Dialog.Close asChild>
          <Button variant="ghost" block>
            {t`Close`}
          </Button>
        </Dialog.Close>
      </div>
    </Sheet>
  );
}

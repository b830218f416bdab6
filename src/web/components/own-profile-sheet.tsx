import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useCurrentUser } from '../lib/session';
import { Avatar } from './avatar';
import { LazyOwnProfileSheetBody } from './lazy-on-open';

/** Discover's header avatar (product §2): a small sheet of her own profile with Edit Profile, Settings and Close. */
export function OwnProfileSheet() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  return (
    <>
      <button
        type="button"
        aria-label={t`Your profile`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="grid size-11 place-items-center rounded-full"
      >
        <Avatar name={user.name} photos={user.photos} className="size-9 text-base ring-2 ring-white" />
      </button>
      <LazyOwnProfileSheetBody open={open} onOpenChange={setOpen} />
    </>
  );
}

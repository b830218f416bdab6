import { Crown } from 'lucide-react';

/** The "Premium" mark beside a feature's name that a free member can see but not use. */
export function PremiumMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-[0.68rem] font-bold tracking-wide text-amber-800 uppercase">
      <Crown className="size-3" aria-hidden />
      Premium
    </span>
  );
}

import { Link } from 'react-router';
import { CircleCheckBig, Sparkles } from 'lucide-react';
import { profileCompleteness } from '../../../contract/completeness';
import { nextCompletenessText } from '../../lib/completeness-text';
import type { SelfUser } from '../../../contract/users';
import { Card } from '../../components/ui/card';
import { Meter } from '../../components/ui/meter';
import { useLingui } from '@lingui/react/macro';

/** How complete her profile is (product §5 points); at 100% it turns into 'Profile Complete!'. */
export function CompletenessCard({ user }: { user: SelfUser }) {
  const percent = profileCompleteness(user);
  const { t, i18n } = useLingui();

  if (percent >= 100) {
    return (
      <div className="flex items-center gap-3 rounded-(--radius-card) border border-matcha-200 bg-matcha-50 p-5 shadow-card">
        <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-2xl bg-matcha-500 text-white">
          <CircleCheckBig className="size-6" />
        </span>
        <div>
          <h2 className="font-semibold text-matcha-700">{t`Profile Complete!`}</h2>
          <p className="text-sm text-ink-soft">{t`Complete profiles get noticed more. Nice work.`}</p>
        </div>
      </div>
    );
  }

  const next = nextCompletenessText(i18n, user);
  return (
    <Card className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold text-ink">
          <Sparkles className="size-4 text-plum-500" aria-hidden />
          {t`Complete your profile`}
        </h2>
        <span className="text-sm font-bold text-plum-700">{percent}%</span>
      </div>
      <Meter percent={percent} label={t`Profile completeness`} />
      <div className="flex items-center justify-between gap-3">
        {next && <p className="text-sm text-ink-soft">{next}</p>}
        <Link
          to="/profile"
          className="-mr-2 inline-flex min-h-11 shrink-0 items-center rounded-full px-3 text-sm font-semibold text-plum-700 hover:bg-plum-50"
        >
          {t`Edit Profile`}
        </Link>
      </div>
    </Card>
  );
}

import { lazyPart } from '../../lib/lazy-part';
import { Tabs } from 'radix-ui';
import { useLingui } from '@lingui/react/macro';
import { TAB_PANEL_CLASS } from '../../components/ui/tab-panel';

// Each form (the sign-up one carries the city catalogue) loads when its tab is first shown.
const LoginForm = lazyPart(() => import('./login-form').then((m) => ({ default: m.LoginForm })));
const SignUpForm = lazyPart(() => import('./signup-form').then((m) => ({ default: m.SignUpForm })));

/** The landing page's Log in / Sign up card, loaded when it is first opened. */
export type AuthTab = 'login' | 'signup';

/** A tab's panel: Radix puts it in the tab order, so it shows where focus is. */
const PANEL_CLASS = `${TAB_PANEL_CLASS} pt-6`;

export function AuthCard({
  tab,
  onTabChange: setTab,
  focusForm,
}: {
  tab: AuthTab;
  /**
   * `focusForm`: whether the form shown next takes her focus. Never from the tab list, whose arrow keys keep her focus
   * on the tabs (tryout); from the keyboard, yes from a link in the other form, which goes with its panel.
   */
  onTabChange: (tab: AuthTab, focusForm: boolean) => void;
  /** Put her focus in the shown form's first field as it appears (the card was opened from the keyboard). */
  focusForm: boolean;
}) {
  const { t } = useLingui();
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab, false)}>
      <Tabs.List aria-label={t`Log in or sign up`} className="grid grid-cols-2 gap-1 rounded-full bg-cream-100 p-1">
        {(
          [
            ['login', t`Login`],
            ['signup', t`Sign Up`],
          ] as const
        ).map(([value, label]) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="min-h-11 rounded-full text-[0.95rem] font-semibold text-ink-soft transition-all data-[state=active]:bg-white data-[state=active]:text-plum-800 data-[state=active]:shadow-[0_2px_8px_-2px_rgb(58_19_49/0.2)]"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="login" className={PANEL_CLASS}>
        <h2 className="mb-1 font-display text-2xl font-semibold text-plum-900">{t`Welcome back`}</h2>
        <p className="mb-5 text-sm text-ink-soft">{t`Log in to pick up where you left off.`}</p>
        <LoginForm onSwitchToSignUp={(event) => setTab('signup', event.detail === 0)} focusFirstField={focusForm} />
      </Tabs.Content>
      <Tabs.Content value="signup" className={PANEL_CLASS}>
        <h2 className="mb-1 font-display text-2xl font-semibold text-plum-900">{t`Join Steep`}</h2>
        <p className="mb-5 text-sm text-ink-soft">{t`It takes about two minutes. You can add photos later.`}</p>
        <SignUpForm onSwitchToLogin={(event) => setTab('login', event.detail === 0)} focusFirstField={focusForm} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

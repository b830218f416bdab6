import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { Ban, EllipsisVertical, Flag } from 'lucide-react';
import { apiCall } from '../lib/api';
import { cn } from '../lib/cn';
import { loadMessages, withMessages } from '../lib/i18n';
import type { ReportDialog as ReportDialogView, ReportInput } from './report-dialog';
import { Button } from './ui/button';
import { toast, toastFailed } from './ui/toast';

/** Who a Report or Block is about: her id and the name this screen shows. */
/**
 * The report form and the safety API load when she first reports or blocks: they carry the zod contract, which
 * must stay out of Discover's first paint (the /home budget in scripts/check-bundle-size.ts).
 */
const ReportDialog = lazyPart(async () => {
  const [{ ReportDialog: View }, { REPORT_ATTACHED_MESSAGES }] = await Promise.all([
    import('./report-dialog'),
    import('../../contract/safety'),
    loadMessages('rest'),
  ]);
  return {
    default: ({
      attachRecent,
      ...props
    }: Omit<ComponentProps<typeof ReportDialogView>, 'attachMessages'> & { attachRecent: boolean }) => (
      <View {...props} {...(attachRecent ? { attachMessages: REPORT_ATTACHED_MESSAGES } : {})} />
    ),
  };
});
const loadSafetyApi = async () => (await import('../../contract/api/safety')).safetyApi;

/** Radix's menu and confirmation, fetched on the first pointer over (or focus on) the ⋯ button at the latest. */
const loadRadixParts = withMessages('rest', () => import('./person-safety-radix'));
const PersonSafetyDropdown = lazyPart(loadRadixParts);
const BlockConfirmDialog = lazyPart(async () => ({ default: (await loadRadixParts()).BlockConfirmDialog }));

interface SafetySubject {
  id: string;
  name: string;
}

interface PersonSafetyOptions {
  /** Filed from a conversation: the report may carry its recent messages. */
  matchId?: string;
  /** After the server accepted the report (e.g. the card leaves the deck: she never shows there again). */
  onReported?: (person: SafetySubject) => void | Promise<void>;
  /** After the block (e.g. leave the conversation). */
  onBlocked?: (person: SafetySubject) => void | Promise<void>;
  /** Where her focus goes after the block when the control that opened it left with the person (a discovery card). */
  focusAfterBlock?: () => HTMLElement | null;
}

/**
 * Report and Block for one person, the same dialogs wherever she is met (discovery card and profile
 * sheet, likes list, conversation): `report(person)` opens the report form with the 8 reasons,
 * `block(person)` asks to confirm. Render `dialogs` once. The opener closes its own overlay first, so
 * only one is ever on screen.
 */
export function usePersonSafety(options: PersonSafetyOptions = {}): {
  report: (person: SafetySubject) => void;
  block: (person: SafetySubject) => void;
  dialogs: ReactNode;
} {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [reporting, setReporting] = useState<SafetySubject | null>(null);
  const [blocking, setBlocking] = useState<SafetySubject | null>(null);
  const [busy, setBusy] = useState(false);

  const fileReport = async (person: SafetySubject, input: ReportInput) => {
    await apiCall((await loadSafetyApi()).report, {
      body: {
        reportedUserId: person.id,
        reason: input.reason,
        ...(input.description ? { description: input.description } : {}),
        ...(input.includeMessages && options.matchId ? { matchId: options.matchId, includeMessages: true } : {}),
      },
    });
    // Her discovery, likes and Safety Center counts all change: refetch what is on screen.
    void queryClient.invalidateQueries();
    await options.onReported?.(person);
  };

  const confirmBlock = async () => {
    if (!blocking) return;
    setBusy(true);
    try {
      await apiCall((await loadSafetyApi()).block, { body: { blockedUserId: blocking.id } });
      const person = blocking;
      setBlocking(null);
      toast({ title: t`${person.name} is blocked`, description: t`You won't see each other again` });
      void queryClient.invalidateQueries();
      await options.onBlocked?.(person);
    } catch (error) {
      console.warn('Block failed.', error);
      toastFailed(t`Not blocked`, error, t`Failed to block. Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  const dialogs = (
    <>
      {reporting !== null && (
        <Suspense fallback={null}>
          <ReportDialog
            open={reporting !== null}
            onOpenChange={(open) => !open && setReporting(null)}
            subject={
              reporting
                ? {
                    title: t`Report ${reporting.name}`,
                    summary: t`Once you report ${reporting.name}, they won't appear in your Discover again.`,
                  }
                : { title: t`Report`, summary: '' }
            }
            attachRecent={options.matchId !== undefined}
            onFile={async (input) => {
              if (reporting) await fileReport(reporting, input);
            }}
          />
        </Suspense>
      )}
      {blocking !== null && (
        <Suspense fallback={null}>
          <BlockConfirmDialog
            name={blocking.name}
            busy={busy}
            {...(options.focusAfterBlock ? { focusWhenOpenerGone: options.focusAfterBlock } : {})}
            onCancel={() => setBlocking(null)}
            onConfirm={() => void confirmBlock()}
          />
        </Suspense>
      )}
    </>
  );

  return { report: setReporting, block: setBlocking, dialogs };
}

/**
 * A ⋯ menu with Report and Block for one person (the discovery card's corner). Until she first opens
 * it, the button is a plain one in the first paint (keyboard and screen reader see the same button);
 * opening it loads the Radix menu, which mounts open in its place.
 */
export function PersonSafetyMenu({
  person,
  onReport,
  onBlock,
  className,
}: {
  person: SafetySubject;
  onReport: () => void;
  onBlock: () => void;
  className?: string;
}) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const label = t`More options for ${person.name}`;
  const trigger = (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={cn('grid size-11 place-items-center rounded-full', className)}
      onPointerEnter={() => void loadRadixParts()}
      onFocus={() => void loadRadixParts()}
      onClick={() => setOpened(true)}
    >
      <EllipsisVertical className="size-5" aria-hidden />
    </button>
  );
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <PersonSafetyDropdown
        name={person.name}
        label={label}
        onReport={onReport}
        onBlock={onBlock}
        className={className}
      />
    </Suspense>
  );
}

/** Report and Block as a pair of quiet buttons, under a profile's own actions. */
export function PersonSafetyButtons({
  person,
  onReport,
  onBlock,
}: {
  person: SafetySubject;
  onReport: () => void;
  onBlock: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="mt-2 grid grid-cols-2 gap-2">
      <Button variant="ghost" className="px-2" onClick={onReport} aria-label={t`Report ${person.name}`}>
        <Flag className="size-4" aria-hidden />
        {t`Report`}
      </Button>
      <Button variant="ghost" className="px-2" onClick={onBlock} aria-label={t`Block ${person.name}`}>
        <Ban className="size-4" aria-hidden />
        {t`Block`}
      </Button>
    </div>
  );
}

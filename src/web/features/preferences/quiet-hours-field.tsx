import { useId } from 'react';
import type { QuietHours } from '../../../contract/preferences';
import { SwitchRow } from './controls';
import { useLingui } from '@lingui/react/macro';

const DEFAULT_WINDOW = { start: '22:00', end: '07:00' };
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Quiet hours: no push between these times in her time zone (this device's, saved with the
 * window so the server can tell when it is night for her). Email is not held back.
 */
export function QuietHoursField({
  value,
  onChange,
}: {
  value: QuietHours | null;
  onChange: (next: QuietHours | null) => void;
}) {
  const startId = useId();
  const endId = useId();
  const { t } = useLingui();
  const inputClass = 'h-11 rounded-xl border border-cream-300 bg-cream-50 px-3 text-sm text-ink';
  return (
    <div className="grid gap-2">
      <SwitchRow
        label={t`Quiet hours`}
        hint={t`No push notifications at night`}
        checked={value !== null}
        onCheckedChange={(on) => onChange(on ? { ...DEFAULT_WINDOW, timeZone: deviceTimeZone() } : null)}
      />
      {value && (
        <div className="grid grid-cols-2 gap-3 pb-1">
          <div className="grid gap-1">
            <label htmlFor={startId} className="text-xs font-semibold text-ink-soft">
              {t`Quiet from`}
            </label>
            <input
              id={startId}
              type="time"
              required
              value={value.start}
              onChange={(e) =>
                e.target.value && onChange({ ...value, start: e.target.value, timeZone: deviceTimeZone() })
              }
              className={inputClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={endId} className="text-xs font-semibold text-ink-soft">
              {t`Quiet until`}
            </label>
            <input
              id={endId}
              type="time"
              required
              value={value.end}
              onChange={(e) =>
                e.target.value && onChange({ ...value, end: e.target.value, timeZone: deviceTimeZone() })
              }
              className={inputClass}
            />
          </div>
          <p className="col-span-2 text-xs text-ink-soft">{t`Times are in ${value.timeZone.replaceAll('_', ' ')}.`}</p>
        </div>
      )}
    </div>
  );
}

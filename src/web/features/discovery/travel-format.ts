import { activeLocale } from '../../lib/i18n';

/** A trip's last day as she reads it (Travel mode's card on Filters and Discover's banner): 'Sat, Dec 5'. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(activeLocale(), { weekday: 'short', month: 'short', day: 'numeric' });

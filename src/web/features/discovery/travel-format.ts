/** A trip's last day as she reads it (Travel mode's card on Filters and Discover's banner): 'Sat, Dec 5'. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

/**
 * A Radix tab panel takes focus (Tab from the tab list lands on it): it keeps the app's focus ring (styles.css),
 * set a little off its content.
 */
export const TAB_PANEL_CLASS = 'rounded-2xl focus-visible:outline-offset-4';

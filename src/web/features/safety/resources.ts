/** Crisis and support contacts (US). Phone and text lines open the dialer or messages app. */
export const EMERGENCY_RESOURCES = [
  { label: 'Emergency services', detail: 'Call 911', href: 'tel:911' },
  { label: 'Crisis Text Line', detail: 'Text HOME to 741741', href: 'sms:741741?&body=HOME' },
  { label: '988 Suicide & Crisis Lifeline', detail: 'Call or text 988', href: 'tel:988' },
] as const;

/** Opened in a new tab, without giving the other site a handle on Steep's window. */
export const SUPPORT_LINKS = [
  {
    label: 'The Trevor Project',
    detail: '24/7 support for LGBTQ+ young people',
    href: 'https://www.thetrevorproject.org/',
  },
  {
    label: 'LGBT National Help Center',
    detail: 'Peer support, chat and hotlines',
    href: 'https://lgbthotline.org/',
  },
  {
    label: 'National Domestic Violence Hotline',
    detail: 'Support for anyone in an unsafe relationship',
    href: 'https://www.thehotline.org/',
  },
  { label: 'RAINN', detail: 'Support after sexual violence', href: 'https://www.rainn.org/' },
] as const;

export const MENTAL_HEALTH_RESOURCES = [
  {
    label: '988 Suicide & Crisis Lifeline',
    detail: 'Free, confidential support, 24/7. Call or text 988, or chat online.',
    href: 'https://988lifeline.org/',
  },
  {
    label: 'Trans Lifeline',
    detail: 'Peer support run by and for trans people.',
    href: 'https://translifeline.org/',
  },
  {
    label: 'NAMI HelpLine',
    detail: 'Information and referrals for mental health conditions.',
    href: 'https://www.nami.org/help',
  },
  {
    label: 'Open Path Collective',
    detail: 'Affordable therapy sessions near you or online.',
    href: 'https://openpathcollective.org/',
  },
] as const;

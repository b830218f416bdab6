import { msg } from '@lingui/core/macro';

/* Organisations keep their own names; what each offers is read in her language (rendered with i18n._). */

/** Crisis and support contacts (US). Phone and text lines open the dialer or messages app. */
export const EMERGENCY_RESOURCES = [
  { label: msg`Emergency services`, detail: msg`Call 911`, href: 'tel:911' },
  { label: msg`Crisis Text Line`, detail: msg`Text HOME to 741741`, href: 'sms:741741?&body=HOME' },
  { label: msg`988 Suicide & Crisis Lifeline`, detail: msg`Call or text 988`, href: 'tel:988' },
] as const;

/** Opened in a new tab, without giving the other site a handle on Steep's window. */
export const SUPPORT_LINKS = [
  {
    label: 'The Trevor Project',
    detail: msg`24/7 support for LGBTQ+ young people`,
    href: 'https://www.thetrevorproject.org/',
  },
  {
    label: 'LGBT National Help Center',
    detail: msg`Peer support, chat and hotlines`,
    href: 'https://lgbthotline.org/',
  },
  {
    label: 'National Domestic Violence Hotline',
    detail: msg`Support for anyone in an unsafe relationship`,
    href: 'https://www.thehotline.org/',
  },
  { label: 'RAINN', detail: msg`Support after sexual violence`, href: 'https://www.rainn.org/' },
] as const;

export const MENTAL_HEALTH_RESOURCES = [
  {
    label: '988 Suicide & Crisis Lifeline',
    detail: msg`Free, confidential support, 24/7. Call or text 988, or chat online.`,
    href: 'https://988lifeline.org/',
  },
  {
    label: 'Trans Lifeline',
    detail: msg`Peer support run by and for trans people.`,
    href: 'https://translifeline.org/',
  },
  {
    label: 'NAMI HelpLine',
    detail: msg`Information and referrals for mental health conditions.`,
    href: 'https://www.nami.org/help',
  },
  {
    label: 'Open Path Collective',
    detail: msg`Affordable therapy sessions near you or online.`,
    href: 'https://openpathcollective.org/',
  },
] as const;

import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { TeaPreference } from '../../contract/interests';
import type { TeaCategory, TeaReportReason, TeaType } from '../../contract/stories';
import type { TeaVariety } from '../../contract/teas';

/*
 * Tea's catalogue labels: the stored codes stay English and language-neutral, only what a
 * member reads is translated, at render time (`i18n._(descriptor)`).
 */

const TEA_CATEGORY_LABELS: Record<TeaCategory, MessageDescriptor> = {
  Dating: msg`Dating`,
  Friendship: msg`Friendship`,
  Family: msg`Family`,
  Workplace: msg`Workplace`,
};

/** The relationship-type badge on a story. */
const TEA_TYPE_LABELS: Record<TeaType, MessageDescriptor> = {
  'First date': msg`First date`,
  Situationship: msg`Situationship`,
  Girlfriend: msg`Girlfriend`,
  Ex: msg`Ex`,
  Friend: msg`Friend`,
  Family: msg`Family`,
  Coworker: msg`Coworker`,
};

const TEA_REPORT_REASON_LABELS: Record<TeaReportReason, MessageDescriptor> = {
  harassment_or_bullying: msg`Harassment or bullying`,
  hate_speech: msg`Hate or discrimination`,
  private_information: msg`Shares someone’s private information`,
  violence_or_threats: msg`Violence or threats`,
  spam_or_scam: msg`Spam or scam`,
  other: msg`Other`,
};

/** The tea names, keyed by the stored name (meetups' featured tea, the varieties' names). */
const TEA_NAME_LABELS: Record<TeaPreference, MessageDescriptor> = {
  'Green Tea': msg`Green Tea`,
  'Black Tea': msg`Black Tea`,
  Oolong: msg`Oolong`,
  'White Tea': msg`White Tea`,
  'Herbal Tea': msg`Herbal Tea`,
  Chai: msg`Chai`,
  Matcha: msg`Matcha`,
  'Earl Grey': msg`Earl Grey`,
  Jasmine: msg`Jasmine`,
  Rooibos: msg`Rooibos`,
  Chamomile: msg`Chamomile`,
  Peppermint: msg`Peppermint`,
};

/** The varieties' descriptions, keyed by the variety's id. */
const TEA_DESCRIPTIONS: Record<string, MessageDescriptor> = {
  'green-tea': msg`Fresh, grassy and light; unoxidised leaves steamed or pan-fired.`,
  'black-tea': msg`Fully oxidised, malty and bold; takes milk well.`,
  oolong: msg`Partly oxidised, from floral and buttery to roasted and toasty.`,
  'white-tea': msg`Young buds, barely processed: delicate, sweet and hay-like.`,
  'herbal-tea': msg`Infusions of flowers, fruit and herbs rather than the tea plant.`,
  chai: msg`Black tea simmered with cardamom, ginger, cinnamon and milk.`,
  matcha: msg`Stone-ground shade-grown green tea, whisked into a frothy bowl.`,
  'earl-grey': msg`Black tea scented with bergamot: citrusy and bright.`,
  jasmine: msg`Green tea layered with jasmine blossoms for a sweet perfume.`,
  rooibos: msg`South African red bush: naturally sweet, nutty and caffeine-free.`,
  chamomile: msg`Apple-scented daisy flowers; a calm cup before bed.`,
  peppermint: msg`Cooling, sharp mint leaves; good after a meal.`,
};

export const CAFFEINE_LABELS: Record<TeaVariety['caffeine'], MessageDescriptor> = {
  none: msg`Caffeine-free`,
  low: msg`Low caffeine`,
  medium: msg`Medium caffeine`,
  high: msg`High caffeine`,
};

const labelOf = <K extends string>(table: Record<K, MessageDescriptor>, i18n: I18n, code: string): string => {
  const descriptor = (table as Record<string, MessageDescriptor | undefined>)[code];
  return descriptor ? i18n._(descriptor) : code;
};

/** A stored code's label, or the code itself for one this build does not know. */
export const teaCategoryLabel = (i18n: I18n, code: string) => labelOf(TEA_CATEGORY_LABELS, i18n, code);
export const teaTypeLabel = (i18n: I18n, code: string) => labelOf(TEA_TYPE_LABELS, i18n, code);
export const teaReportReasonLabel = (i18n: I18n, code: string) => labelOf(TEA_REPORT_REASON_LABELS, i18n, code);
export const teaNameLabel = (i18n: I18n, code: string) => labelOf(TEA_NAME_LABELS, i18n, code);
export const teaDescription = (i18n: I18n, tea: Pick<TeaVariety, 'id' | 'description'>) => {
  const descriptor = TEA_DESCRIPTIONS[tea.id];
  return descriptor ? i18n._(descriptor) : tea.description;
};

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Product §5: prompt starter phrases that fill the story content, in her language (`i18n._`). */
export const PROMPT_STARTERS: readonly MessageDescriptor[] = [
  msg`I never expected…`,
  msg`The red flag I almost missed was…`,
  msg`What I wish I had known sooner…`,
  msg`They made me feel…`,
  msg`My advice to anyone in this spot…`,
];

/** Adds a starter to what she has written: on a new paragraph, never replacing her words. */
export function withStarter(content: string, starter: string): string {
  const trimmed = content.trimEnd();
  return trimmed ? `${trimmed}\n\n${starter} ` : `${starter} `;
}

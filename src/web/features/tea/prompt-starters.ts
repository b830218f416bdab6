/** Product §5: prompt starter phrases that fill the story content. */
export const PROMPT_STARTERS = [
  'I never expected…',
  'The red flag I almost missed was…',
  'What I wish I had known sooner…',
  'They made me feel…',
  'My advice to anyone in this spot…',
] as const;

/** Adds a starter to what she has written: on a new paragraph, never replacing her words. */
export function withStarter(content: string, starter: string): string {
  const trimmed = content.trimEnd();
  return trimmed ? `${trimmed}\n\n${starter} ` : `${starter} `;
}

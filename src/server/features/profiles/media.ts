/** Photos are served from /media/<key>; keys are random, so URLs can be cached forever. */
export const MEDIA_PREFIX = '/media/';

export function mediaUrl(key: string): string {
  return `${MEDIA_PREFIX}${key}`;
}

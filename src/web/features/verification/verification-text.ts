import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { PhotoRequirement, VerificationRecord, VERIFICATION_POSES } from '../../../contract/verification';

/*
 * The verification texts the server sends in English (its poses, photo reasons and requirement to-dos), said
 * in her language from what they stand for. A text the web does not know shows as sent.
 */

const POSES: Record<(typeof VERIFICATION_POSES)[number], MessageDescriptor> = {
  'Touch your left ear with your right hand': msg`Touch your left ear with your right hand`,
  'Thumbs up next to your chin': msg`Thumbs up next to your chin`,
  'Make a peace sign above your head': msg`Make a peace sign above your head`,
  'Cover your left eye with your hand': msg`Cover your left eye with your hand`,
  'Hold three fingers up next to your face': msg`Hold three fingers up next to your face`,
  'Touch your nose with your index finger': msg`Touch your nose with your index finger`,
  'Wave with your left hand beside your cheek': msg`Wave with your left hand beside your cheek`,
  'Rest your chin on your fist': msg`Rest your chin on your fist`,
};

/** The photo check's reasons (server: image-quality.ts and analysis.ts). */
const REASONS: Record<string, MessageDescriptor> = {
  'too small': msg`too small`,
  blurry: msg`blurry`,
  'too dark': msg`too dark`,
  'too bright': msg`too bright`,
  'This photo is used by another profile': msg`This photo is used by another profile`,
  'No face found': msg`No face found`,
  'More than one face': msg`More than one face`,
};

const NO_FACE_REASONS = new Set(['No face found', 'More than one face']);

export function poseText(i18n: I18n, pose: string): string {
  const known = (POSES as Record<string, MessageDescriptor | undefined>)[pose];
  return known ? i18n._(known) : pose;
}

export function reasonText(i18n: I18n, reason: string): string {
  const known = REASONS[reason];
  return known ? i18n._(known) : reason;
}

/** What to do for an unmet requirement, like the server's `todo` but in her language. */
export function requirementTodo(i18n: I18n, requirement: PhotoRequirement, record: VerificationRecord): string {
  const check = record.photoCheck;
  switch (requirement.id) {
    case 'enough_photos': {
      const missing = Math.max(1, record.minPhotosRequired - record.photos.length);
      return i18n._(msg`Add ${plural(missing, { one: '# more photo', other: '# more photos' })} to your profile`);
    }
    case 'analysis_finished':
      return i18n._(msg`Wait for the check of your photos to finish`);
    case 'photos_pass': {
      const failing = check.photos
        .map((photo, index) => ({ photo, number: index + 1 }))
        .filter(({ photo }) => photo.analyzed && photo.reasons.some((r) => !NO_FACE_REASONS.has(r)));
      if (failing.length === 0) return requirement.todo ?? requirement.label;
      return failing
        .map(({ photo, number }) => {
          const reasons = photo.reasons.map((r) => reasonText(i18n, r).toLowerCase()).join(', ');
          return i18n._(msg`Replace photo ${number}: ${reasons}`);
        })
        .join('; ');
    }
    case 'face_alone':
      return check.state === 'complete'
        ? i18n._(msg`Add a photo where your face is clearly visible, with nobody else`)
        : i18n._(msg`We look for your face once every photo is checked`);
  }
}

/** verification: the server's words in English (../en.ts). */
export const verification = {
  takeOrChooseA: 'Take or choose a selfie to send',
  sendOneSelfie: 'Send one selfie',
  yourProfileIsAlready: 'Your profile is already verified',
  yourVerificationIsAlready: 'Your verification is already with our team',
  requestVerificationFirstWe: 'Request verification first: we will ask you for a pose',
  thisRequestWasAlready: 'This request was already decided or does not exist',
  anotherModeratorMustReview: 'Another moderator must review your own verification',
  addPhotosBeforeCheck: (p: { count: number }) => `Add at least ${p.count} photos before checking them`,
  selfiesAtMostMb: (p: { megabytes: number }) => `Selfies can be at most ${p.megabytes} MB`,
  sendSelfieAsMultipart: (p: { field: string }) => `Send the selfie as multipart/form-data in the field "${p.field}"`,
  verificationRetryAfter: (p: { at: string }) =>
    `You can request verification again after ${p.at.slice(0, 16).replace('T', ' ')} UTC`,
  /** A photo requirement not met yet (verification/analysis.ts): its `todo` and `label` are English. */
  verificationUnmet: (p: { id: string; todo: string | null; label: string }) =>
    `${p.todo ?? p.label} before requesting verification (needed: ${p.label.toLowerCase()})`,
};

import type { MessageMedia } from '../../contract/chat-media';

/** For tests: a photo message's media as the server describes it, with what the test is about changed. */
export function photoMedia(overrides: Partial<MessageMedia> = {}): MessageMedia {
  return {
    id: 'media-1',
    kind: 'image',
    contentType: 'image/webp',
    width: 1280,
    height: 960,
    durationMs: null,
    waveform: null,
    placeholder: null,
    viewOnce: false,
    explicit: false,
    available: true,
    openedAt: null,
    playedAt: null,
    ...overrides,
  };
}

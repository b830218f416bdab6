import { waveform as waveformSchema } from '../../../contract/chat-media';
import { AppError, badRequest } from '../../http/errors';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

/** What a voice upload really is, read from its bytes by music-metadata (its name and declared type are not trusted). */
interface VoiceInfo {
  contentType: 'audio/webm' | 'audio/mp4';
  durationMs: number;
}

/**
 * The containers and codecs MediaRecorder makes: Opus in WebM (Chromium, Firefox) and AAC in MP4
 * (Safari). music-metadata names the container by its EBML doc type or ISO-BMFF brands and the codec
 * from the track header.
 */
function acceptedVoice(container: string | undefined, codec: string | undefined): VoiceInfo['contentType'] | undefined {
  const c = (container ?? '').toLowerCase();
  const k = (codec ?? '').toLowerCase();
  if (c === 'ebml/webm' && k === 'opus') return 'audio/webm';
  if (/^(m4a|mp4|isom|iso\d|mp41|mp42|m4b)\b/.test(c) && k.includes('aac')) return 'audio/mp4';
  return undefined;
}

const unsupportedVoice = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', localText('voiceNotesMustBe'));

/**
 * Checks a recorded voice note: the container and codec from its headers, and its duration (music-metadata
 * reads WebM's block timecodes when the recorder wrote no duration, as Chromium's does). At most `maxMs`.
 * The file itself is stored as uploaded: re-encoding needs a codec library this server does not have.
 */
export async function inspectVoice(data: Buffer, maxMs: number): Promise<VoiceInfo> {
  let container: string | undefined;
  let codec: string | undefined;
  let seconds: number | undefined;
  try {
    // Loaded with the first voice clip, not at boot.
    const { parseBuffer } = await import('music-metadata');
    const { format } = await parseBuffer(new Uint8Array(data), undefined, {
      duration: true,
      skipCovers: true,
      skipPostHeaders: true,
    });
    container = format.container;
    codec = format.codec;
    seconds = format.duration;
  } catch {
    throw unsupportedVoice();
  }
  const contentType = acceptedVoice(container, codec);
  if (!contentType) throw unsupportedVoice();
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    throw badRequest(localText('thisVoiceNoteHas'));
  }
  const durationMs = Math.round(seconds * 1000);
  // A few milliseconds of encoder padding are not a longer message.
  if (durationMs > maxMs + 250) {
    const seconds = Math.round(maxMs / 1000);
    throw badRequest(localText('voiceNotesAtMostSeconds', { seconds }), [
      fieldError('file', localText('atMostSeconds', { seconds })),
    ]);
  }
  return { contentType, durationMs: Math.min(durationMs, maxMs) };
}

/**
 * The recorder's loudness bars, sent beside the file (no Opus or AAC decoder installs here from npm without
 * downloads for both containers, so the server cannot draw them); it checks their shape: 48 bars of 0–100.
 */
export function parseWaveform(field: string | undefined): number[] {
  const bars = (field ?? '').split(',').map((bar) => (bar.trim() === '' ? Number.NaN : Number(bar)));
  const parsed = waveformSchema.safeParse(bars);
  if (!parsed.success) {
    throw badRequest(localText('aVoiceNoteNeeds'), [
      // The contract's sentence, which the error handler finds in her language (VALIDATION_TEXTS).
      { path: 'waveform', message: parsed.error.issues[0]?.message ?? 'Invalid value' },
    ]);
  }
  return parsed.data;
}

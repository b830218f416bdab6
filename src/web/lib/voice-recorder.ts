import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_VOICE_MS, WAVEFORM_BARS } from '../../contract/chat-media';

/** A voice note's length or position: 0:07, 1:00. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface Recording {
  blob: Blob;
  durationMs: number;
  /** WAVEFORM_BARS loudness values, 0–100. */
  waveform: number[];
}

/** Opus in WebM where the browser records it (Chromium, Firefox), else AAC in MP4 (Safari). */
function recorderType(): string | undefined {
  for (const type of ['audio/webm;codecs=opus', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4']) {
    if (MediaRecorder.isTypeSupported(type)) return type;
  }
  return undefined;
}

/** Peak loudness per bar, scaled so the loudest bar is 100. */
function waveformOf(samples: Float32Array, bars = WAVEFORM_BARS): number[] {
  const size = Math.max(1, Math.floor(samples.length / bars));
  const peaks = Array.from({ length: bars }, (_, bar) => {
    let peak = 0;
    for (let i = bar * size; i < Math.min(samples.length, (bar + 1) * size); i++) {
      peak = Math.max(peak, Math.abs(samples[i] ?? 0));
    }
    return peak;
  });
  const loudest = Math.max(...peaks, 1e-6);
  return peaks.map((p) => Math.round((p / loudest) * 100));
}

/** The recorded file's real duration and waveform, decoded by the browser. */
async function analyse(blob: Blob, fallbackMs: number): Promise<Pick<Recording, 'durationMs' | 'waveform'>> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    return { durationMs: Math.round(audio.duration * 1000), waveform: waveformOf(audio.getChannelData(0)) };
  } catch {
    return { durationMs: fallbackMs, waveform: Array.from({ length: WAVEFORM_BARS }, () => 30) };
  } finally {
    void context.close();
  }
}

/**
 * One voice note at a time with MediaRecorder; at `maxMs` it calls `onLimit` (or stops by itself). `stop()` resolves
 * with the recording; `cancel()` throws it away. The microphone is released as soon as it ends.
 */
export function useVoiceRecorder(maxMs = MAX_VOICE_MS, onLimit?: () => void) {
  const limitReached = useRef(onLimit);
  useEffect(() => {
    limitReached.current = onLimit;
  }, [onLimit]);
  const [recording, setRecording] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const finished = useRef<Promise<Recording | null> | null>(null);
  const discard = useRef(false);

  const release = useCallback(() => {
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
    setRecording(false);
  }, []);

  const start = useCallback(async (): Promise<boolean> => {
    if (recorder.current) return true;
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return false;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return false;
    }
    const mimeType = recorderType();
    const rec = new MediaRecorder(stream, { ...(mimeType && { mimeType }), audioBitsPerSecond: 32_000 });
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    discard.current = false;
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    finished.current = new Promise((resolve) => {
      rec.onstop = () => {
        const ms = Math.min(maxMs, Math.round(performance.now() - startedAt));
        if (discard.current || chunks.length === 0) return resolve(null);
        const blob = new Blob(chunks, { type: rec.mimeType.split(';')[0] || 'audio/webm' });
        void analyse(blob, ms).then((info) => resolve({ blob, ...info }));
      };
    });
    recorder.current = rec;
    rec.start();
    setElapsedMs(0);
    setRecording(true);
    return true;
  }, [maxMs]);

  const stop = useCallback(async (): Promise<Recording | null> => {
    const rec = recorder.current;
    const done = finished.current;
    if (!rec || !done) return null;
    if (rec.state !== 'inactive') rec.stop();
    release();
    return done;
  }, [release]);

  const cancel = useCallback(() => {
    discard.current = true;
    const rec = recorder.current;
    if (rec && rec.state !== 'inactive') rec.stop();
    release();
  }, [release]);

  // The elapsed time, and the automatic stop at the limit (a little early: the container adds padding).
  useEffect(() => {
    if (!recording) return;
    const startedAt = performance.now();
    const timer = window.setInterval(() => {
      const ms = performance.now() - startedAt;
      setElapsedMs(ms);
      if (ms >= maxMs - 300 && recorder.current?.state === 'recording') {
        if (limitReached.current) limitReached.current();
        else recorder.current.stop();
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [recording, maxMs]);

  useEffect(() => () => cancelOnUnmount(recorder.current), []);

  return { recording, elapsedMs, start, stop, cancel };
}

function cancelOnUnmount(rec: MediaRecorder | null): void {
  if (!rec) return;
  if (rec.state !== 'inactive') rec.stop();
  rec.stream.getTracks().forEach((track) => track.stop());
}

import { useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../lib/cn';
import { formatDuration } from '../lib/voice-recorder';
import { toast } from './ui/toast';

interface VoicePlayerProps {
  src: string;
  durationMs: number;
  /** Loudness bars, 0–100. */
  waveform: readonly number[];
  /** 'inverted' on a plum bubble (her own message); 'plain' on a light surface. */
  tone?: 'inverted' | 'plain';
  /** What it is, for the controls' names, translated by the caller: 'voice message', 'voice status'. */
  label: string;
  /** After playback started (the first play of a received message tells its sender). */
  onPlay?: () => void;
  testId?: string;
}

/**
 * A voice note: play/pause, a scrubber over its waveform, the time. Chat's voice messages and the
 * 24-hour status share it.
 */
export function VoicePlayer({ src, durationMs, waveform, tone = 'plain', label, onPlay, testId }: VoicePlayerProps) {
  const { t } = useLingui();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [positionMs, setPositionMs] = useState(0);
  const inverted = tone === 'inverted';
  const progress = durationMs > 0 ? Math.min(1, positionMs / durationMs) : 0;

  const toggle = async () => {
    const el = audio.current;
    if (!el) return;
    if (!el.paused) return el.pause();
    try {
      await el.play();
    } catch {
      toast({ title: t`Could not play: ${label}`, variant: 'destructive' });
      return;
    }
    onPlay?.();
  };

  return (
    <div className="flex w-60 max-w-full items-center gap-2 py-1" data-testid={testId}>
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPositionMs(0);
        }}
        onTimeUpdate={(event) => setPositionMs(event.currentTarget.currentTime * 1000)}
      />
      <button
        type="button"
        onClick={() => void toggle()}
        aria-label={playing ? t`Pause ${label}` : t`Play ${label}`}
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-full',
          inverted ? 'bg-white text-plum-700' : 'bg-plum-700 text-white',
        )}
      >
        {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4 translate-x-px" aria-hidden />}
      </button>
      <div className="relative flex h-8 min-w-0 flex-1 items-center gap-[2px]">
        {waveform.map((bar, i) => (
          <span
            key={i}
            aria-hidden
            className={cn(
              'w-[2px] flex-1 rounded-full',
              i / waveform.length < progress
                ? inverted
                  ? 'bg-white'
                  : 'bg-plum-700'
                : inverted
                  ? 'bg-white/45'
                  : 'bg-plum-300',
            )}
            style={{ height: `${Math.max(12, bar)}%` }}
          />
        ))}
        <input
          type="range"
          min={0}
          max={durationMs}
          step={100}
          value={Math.round(positionMs)}
          aria-label={t`Position in ${label}`}
          aria-valuetext={t`${formatDuration(positionMs)} of ${formatDuration(durationMs)}`}
          onChange={(event) => {
            const ms = Number(event.target.value);
            setPositionMs(ms);
            if (audio.current) audio.current.currentTime = ms / 1000;
          }}
          className="absolute inset-0 size-full cursor-pointer opacity-0"
        />
      </div>
      <span
        className={cn('w-9 shrink-0 text-right text-xs tabular-nums', inverted ? 'text-white/80' : 'text-ink-soft')}
      >
        {formatDuration(playing || positionMs > 0 ? positionMs : durationMs)}
      </span>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog';
import { Eye, EyeOff, Image as ImageIcon, ShieldAlert, X } from 'lucide-react';
import type { Message } from '../../../contract/chat';
import type { MessageMedia } from '../../../contract/chat-media';
import { chatMediaApi } from '../../../contract/api';
import { apiCall } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useBlurPhotos } from '../../lib/photo-blur';
import { toast } from '../../components/ui/toast';
import { VoicePlayer } from '../../components/voice-player';
import { setMessageMedia } from './chat-cache';
import { useLingui } from '@lingui/react/macro';

const fileUrl = (media: MessageMedia) => `/api/media/${media.id}`;

/** Width and height for the frame, so the list does not jump when the photo loads. */
function frameStyle(media: MessageMedia) {
  const ratio = media.width && media.height ? media.width / media.height : 1;
  return { aspectRatio: String(Math.min(Math.max(ratio, 0.5), 2)) };
}

function Placeholder({ media, className }: { media: MessageMedia; className?: string }) {
  return media.placeholder ? (
    <img
      src={media.placeholder}
      alt=""
      aria-hidden
      className={cn('size-full scale-110 object-cover blur-xl', className)}
    />
  ) : (
    <span aria-hidden className={cn('block size-full bg-plum-100', className)} />
  );
}

/**
 * A photo message. Hers shows as sent. One she received shows blurred until she taps it when "Blur
 * photos from matches" is on, and always when it is labelled likely explicit (with a warning). A
 * view-once photo opens full screen once; then both see "Photo opened".
 */
export function PhotoMessage({ message, mine }: { message: Message; mine: boolean }) {
  const { t } = useLingui();
  const media = message.media;
  const [blurSetting] = useBlurPhotos();
  const [revealed, setRevealed] = useState(false);
  if (!media) return null;

  if (media.viewOnce) return <ViewOncePhoto message={message} media={media} mine={mine} />;

  const blurred = !mine && !revealed && (blurSetting || media.explicit);
  return (
    <div className="relative w-60 max-w-full overflow-hidden rounded-[1.1rem] bg-plum-50" style={frameStyle(media)}>
      {blurred ? (
        <button
          type="button"
          onClick={() => setRevealed(true)}
          className="absolute inset-0 grid place-items-center overflow-hidden text-white"
        >
          <Placeholder media={media} className="absolute inset-0" />
          <span className="relative flex flex-col items-center gap-1 rounded-2xl bg-plum-900/60 px-3 py-2 text-center text-xs font-semibold">
            {media.explicit ? <ShieldAlert className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
            {media.explicit ? t`May contain nudity` : t`Blurred photo`}
            <span className="font-normal">{t`Tap to view`}</span>
          </span>
        </button>
      ) : (
        <img
          src={fileUrl(media)}
          alt={mine ? t`Photo you sent` : t`Photo from your match`}
          className="size-full object-cover"
          data-testid="photo-revealed"
        />
      )}
    </div>
  );
}

function ViewOncePhoto({ message, media, mine }: { message: Message; media: MessageMedia; mine: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const bubble = useRef<HTMLButtonElement>(null);
  const opened = media.openedAt !== null || !media.available;

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const open = async () => {
    setOpening(true);
    try {
      const response = await fetch(`${fileUrl(media)}/open`, { method: 'POST', credentials: 'include' });
      if (!response.ok) throw new Error(`open failed: ${response.status}`);
      setUrl(URL.createObjectURL(await response.blob()));
    } catch {
      toast({ title: t`This photo could not be opened`, variant: 'destructive' });
    } finally {
      setOpening(false);
    }
  };

  const close = () => {
    setUrl(null);
    // The server deleted it: say so here at once (the socket's media_state frame says it on her other devices).
    setMessageMedia(queryClient, {
      messageId: message.id,
      matchId: message.matchId,
      mediaId: media.id,
      openedAt: media.openedAt ?? new Date().toISOString(),
      playedAt: media.playedAt,
      available: false,
    });
  };

  const label = opened ? t`Photo opened` : mine ? t`View-once photo` : t`View-once photo · tap to open`;
  return (
    <>
      {/* aria-disabled, not disabled, once opened: her focus comes back here from the viewer and she hears
          "Photo opened" (a disabled button cannot hold focus, which would drop her at the top of the page). */}
      <button
        ref={bubble}
        type="button"
        aria-disabled={mine || opened || opening}
        onClick={() => {
          if (!mine && !opened && !opening) void open();
        }}
        className={cn(
          'flex min-h-11 items-center gap-2 rounded-[1.1rem] px-3 py-2 text-sm font-semibold aria-disabled:cursor-default',
          mine ? 'bg-white/15 text-white' : 'bg-plum-50 text-plum-800',
          !mine && !opened && 'hover:bg-plum-100',
        )}
        data-testid="view-once"
      >
        {opened ? <EyeOff className="size-4" aria-hidden /> : <ImageIcon className="size-4" aria-hidden />}
        {opening ? t`Opening…` : label}
      </button>
      <Dialog.Root open={url !== null} onOpenChange={(isOpen) => !isOpen && close()}>
        <Dialog.Portal>
          {/* Opaque: the conversation's header (its ⋮ where this close button is) must not show through. */}
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black" />
          {/* The close button has its own row above the photo: a tall or bright photo can never cover it. */}
          <Dialog.Content
            className="fixed inset-0 z-50 flex flex-col gap-3 p-4 pt-[max(1rem,env(safe-area-inset-top))] focus:outline-none"
            onCloseAutoFocus={(event) => {
              // No trigger to return to (it opened after a fetch): back to the bubble, now "Photo opened".
              event.preventDefault();
              bubble.current?.focus();
            }}
          >
            <div className="flex shrink-0 items-center justify-between gap-3">
              <div className="min-w-0 text-white">
                <Dialog.Title className="text-base font-semibold">{t`View-once photo`}</Dialog.Title>
                <Dialog.Description className="text-sm text-white/80">
                  {t`View it now: once you close it or leave, it cannot be opened again.`}
                </Dialog.Description>
              </div>
              <Dialog.Close
                aria-label={t`Close photo`}
                className="grid size-11 place-items-center rounded-full bg-black/60 text-white ring-1 ring-white/70 hover:bg-black/80 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
            <div className="min-h-0 flex-1">
              {url && <img src={url} alt={t`View-once photo from your match`} className="size-full object-contain" />}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

/**
 * A voice message: play/pause, a scrubber over the waveform, the time. When she plays one she received
 * for the first time, the sender is told (like a read receipt) and sees "Played".
 */
export function VoiceMessage({ message, mine }: { message: Message; mine: boolean }) {
  const { t } = useLingui();
  const media = message.media;
  const queryClient = useQueryClient();
  if (!media) return null;
  return (
    <VoicePlayer
      src={fileUrl(media)}
      durationMs={media.durationMs ?? 0}
      waveform={media.waveform ?? []}
      tone={mine ? 'inverted' : 'plain'}
      label={t`voice message`}
      testId="voice-message"
      onPlay={() => {
        if (mine || media.playedAt) return;
        void apiCall(chatMediaApi.played, { params: { id: media.id } })
          .then((state) => setMessageMedia(queryClient, state))
          .catch(() => undefined);
      }}
    />
  );
}

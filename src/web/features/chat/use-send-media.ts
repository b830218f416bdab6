import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../../contract/chat';
import { chatApi, chatMediaApi } from '../../../contract/api';
import { apiCall, errorText } from '../../lib/api';
import { apiUpload, isAbort } from '../../lib/api-upload';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf } from '../../lib/query-key';
import { useRealtimeClient } from '../../lib/realtime/realtime-provider';
import { toast } from '../../components/ui/toast';
import { useWarnBeforeUnload } from '../../lib/use-warn-before-unload';
import { upsertMessage } from './chat-cache';
import { newClientMessageId } from './client-message-id';
import { fitPhoto, PhotoProblem } from './fit-photo';
import { isConversationGone } from './use-send-message';
import type { Recording } from '../../lib/voice-recorder';
import { t } from '@lingui/core/macro';

type MediaSend = { matchId: string; messageType: 'image' | 'voice'; mediaId: string; clientMessageId: string };

/** A photo or voice message on its way: its kind, the share of the file uploaded (0 to 1), and whether it may still be cancelled. */
export interface MediaSending {
  kind: 'image' | 'voice';
  progress: number;
  /** Until the file is uploaded: after that the message is being sent and cannot be taken back. */
  cancellable: boolean;
}

/**
 * Photo and voice messages: a photo is fitted for sending first (fit-photo.ts), the file is uploaded (POST /api/matches/{matchId}/media), then sent like
 * text — over the socket when it is connected, else HTTP, with one clientMessageId for both so a retry
 * never stores it twice.
 */
export function useSendMedia(matchId: string, onConversationGone: () => void) {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const [sending, setSending] = useState<MediaSending | null>(null);
  /** What she last cancelled, until she sends the next: said to a screen reader (the progress row just goes). */
  const [cancelled, setCancelled] = useState<'image' | 'voice' | null>(null);
  const upload = useRef<{ kind: 'image' | 'voice'; controller: AbortController } | null>(null);
  // A reload mid-upload would lose the photo or voice note without a word; moving within the app does not.
  useWarnBeforeUnload(sending !== null);

  const deliver = useCallback(
    async (input: MediaSend): Promise<Message> => {
      if (client.getSnapshot().status === 'connected') {
        try {
          return await client.sendMessage(input);
        } catch (error) {
          console.info('Socket send did not complete; sending over HTTP.', error);
        }
      }
      return apiCall(chatApi.sendMessage, { body: input });
    },
    [client],
  );

  const sendFile = useCallback(
    async (kind: 'image' | 'voice', prepare: () => Promise<Blob>, fields: Record<string, string>): Promise<boolean> => {
      const controller = new AbortController();
      upload.current = { kind, controller };
      setSending({ kind, progress: 0, cancellable: true });
      setCancelled(null);
      try {
        const file = await prepare();
        controller.signal.throwIfAborted();
        const uploaded = await apiUpload(chatMediaApi.upload, { params: { matchId } }, file, fields, {
          signal: controller.signal,
          onProgress: (progress) => setSending({ kind, progress, cancellable: true }),
        });
        upload.current = null;
        setSending({ kind, progress: 1, cancellable: false });
        const stored = await deliver({
          matchId,
          messageType: kind,
          mediaId: uploaded.mediaId,
          clientMessageId: newClientMessageId(),
        });
        upsertMessage(queryClient, stored);
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
        return true;
      } catch (error) {
        // She cancelled it: nothing to tell her.
        if (isAbort(error)) return false;
        if (isConversationGone(error)) {
          onConversationGone();
          return false;
        }
        toast({
          title: kind === 'image' ? t`Photo not sent` : t`Voice message not sent`,
          description: error instanceof PhotoProblem ? error.message : errorText(error, t`Please try again`),
          variant: 'destructive',
        });
        return false;
      } finally {
        upload.current = null;
        setSending(null);
      }
    },
    [deliver, matchId, onConversationGone, queryClient],
  );

  const sendPhoto = useCallback(
    (file: File, viewOnce: boolean) => sendFile('image', () => fitPhoto(file), viewOnce ? { viewOnce: 'true' } : {}),
    [sendFile],
  );
  const sendVoice = useCallback(
    (recording: Recording) => sendFile('voice', async () => recording.blob, { waveform: recording.waveform.join(',') }),
    [sendFile],
  );

  /** Stops the upload under way (a photo being fitted stops before it is sent). */
  const cancel = useCallback(() => {
    if (!upload.current) return;
    setCancelled(upload.current.kind);
    upload.current.controller.abort();
  }, []);

  // She left the conversation while it was still uploading: it stops, rather than arriving later where she can no
  // longer see or cancel it, and she is told where she is now.
  useEffect(
    () => () => {
      const unfinished = upload.current;
      if (!unfinished) return;
      unfinished.controller.abort();
      toast({
        title: unfinished.kind === 'image' ? t`Photo not sent` : t`Voice message not sent`,
        description: t`You left the conversation before it finished uploading.`,
      });
    },
    [],
  );

  return { sending, cancelled, sendPhoto, sendVoice, cancel };
}

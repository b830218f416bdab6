import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../../contract/chat';
import { chatApi, chatMediaApi } from '../../../contract/api';
import { apiCall, errorText, isApiError } from '../../lib/api';
import { apiUpload, isAbort } from '../../lib/api-upload';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf } from '../../lib/query-key';
import { useRealtimeClient } from '../../lib/realtime/realtime-provider';
import { toast } from '../../components/ui/toast';
import { useWarnBeforeUnload } from '../../lib/use-warn-before-unload';
import { upsertMessage } from './chat-cache';
import { newClientMessageId } from './client-message-id';
import { fitPhoto, PhotoProblem } from './fit-photo';
import { failedOffline, isConversationGone, type OutgoingMessage } from './use-send-message';
import { useCurrentUser } from '../../lib/session';
import { useOutbox } from '../../lib/outbox';
import type { Recording } from '../../lib/voice-recorder';
import { t } from '@lingui/core/macro';

type MediaSend = { matchId: string; messageType: 'image' | 'voice'; mediaId: string; clientMessageId: string };

/** One photo or voice message from her pick to its message, kept across a retry: what it has done so far. */
export interface MediaJob {
  kind: 'image' | 'voice';
  prepare: () => Promise<Blob>;
  fields: Record<string, string>;
  clientMessageId: string;
  /** The file as prepared (a photo fitted once, not again on a retry). */
  file?: Blob;
  /** Set once the upload is done: a retry sends the message only. */
  mediaId?: string;
}

/** A failure a second try can mend: no answer at all, the server's trouble, or a limit that passes. Not a refusal. */
function worthRetrying(error: unknown): boolean {
  if (error instanceof PhotoProblem) return false;
  if (isApiError(error)) return error.status >= 500 || error.status === 429;
  return true;
}

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
  const me = useCurrentUser();
  const [, setOutbox] = useOutbox<OutgoingMessage>(me.id, matchId);
  const [sending, setSending] = useState<MediaSending | null>(null);
  /** What she last cancelled, until she sends the next: said to a screen reader (the progress row just goes). */
  const [cancelled, setCancelled] = useState<'image' | 'voice' | null>(null);
  const upload = useRef<{ job: MediaJob; controller: AbortController } | null>(null);
  const busy = useRef(false);
  /** Set as she leaves the conversation: an upload stopped then is kept as not sent, not dropped as cancelled. */
  const left = useRef(false);
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

  /** Keeps a send that did not go in the conversation, as a "Not sent" bubble with Retry and Delete, where it was. */
  const keepFailed = useCallback(
    (job: MediaJob) =>
      setOutbox((list) => {
        const at = list.findIndex((m) => m.clientMessageId === job.clientMessageId);
        const failed: OutgoingMessage = {
          clientMessageId: job.clientMessageId,
          content: job.kind === 'image' ? t`Photo` : t`Voice message`,
          createdAt: list[at]?.createdAt ?? new Date().toISOString(),
          status: 'failed',
          media: job,
        };
        return at === -1 ? [...list, failed] : list.map((m, i) => (i === at ? failed : m));
      }),
    [setOutbox],
  );

  const attempt = useCallback(
    async (job: MediaJob): Promise<boolean> => {
      // One upload at a time, as the composer's buttons allow: a Retry while another runs waits for her next tap.
      if (busy.current) return false;
      busy.current = true;
      // A retried one stays where it was, as sending, until it is stored.
      setOutbox((list) =>
        list.map((m) => (m.clientMessageId === job.clientMessageId ? { ...m, status: 'sending' as const } : m)),
      );
      const { kind } = job;
      const controller = new AbortController();
      upload.current = { job, controller };
      // A retry whose file is already up starts where it stopped: sending, no longer cancellable.
      const uploaded = job.mediaId !== undefined;
      setSending({ kind, progress: uploaded ? 1 : 0, cancellable: !uploaded });
      setCancelled(null);
      try {
        job.file ??= await job.prepare();
        controller.signal.throwIfAborted();
        if (job.mediaId === undefined) {
          const answer = await apiUpload(chatMediaApi.upload, { params: { matchId } }, job.file, job.fields, {
            signal: controller.signal,
            onProgress: (progress) => setSending({ kind, progress, cancellable: true }),
          });
          job.mediaId = answer.mediaId;
        }
        upload.current = null;
        setSending({ kind, progress: 1, cancellable: false });
        const stored = await deliver({
          matchId,
          messageType: kind,
          mediaId: job.mediaId,
          clientMessageId: job.clientMessageId,
        });
        upsertMessage(queryClient, stored);
        setOutbox((list) => list.filter((m) => m.clientMessageId !== job.clientMessageId));
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
        return true;
      } catch (error) {
        // She cancelled it (nothing to tell her, and nothing kept), or left mid-upload (kept by the effect below).
        if (isAbort(error)) {
          if (!left.current) setOutbox((list) => list.filter((m) => m.clientMessageId !== job.clientMessageId));
          return false;
        }
        if (isConversationGone(error)) {
          onConversationGone();
          return false;
        }
        // Where a second try can help, it waits in the conversation. The retry goes on from where it stopped: an
        // uploaded file is not sent again, and the same clientMessageId stores the message at most once.
        const kept = worthRetrying(error);
        if (kept) keepFailed(job);
        if (!(kept && failedOffline(error))) {
          toast({
            title: kind === 'image' ? t`Photo not sent` : t`Voice message not sent`,
            description: error instanceof PhotoProblem ? error.message : errorText(error, t`Please try again`),
            variant: 'destructive',
          });
        }
        return false;
      } finally {
        busy.current = false;
        upload.current = null;
        setSending(null);
      }
    },
    [deliver, keepFailed, matchId, onConversationGone, queryClient, setOutbox],
  );

  const sendFile = useCallback(
    (kind: 'image' | 'voice', prepare: () => Promise<Blob>, fields: Record<string, string>) =>
      attempt({ kind, prepare, fields, clientMessageId: newClientMessageId() }),
    [attempt],
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
    setCancelled(upload.current.job.kind);
    upload.current.controller.abort();
  }, []);

  // She left the conversation while it was still uploading: it stops, rather than arriving later where she can no
  // longer see or cancel it; it waits in the conversation as not sent, and she is told so where she is now.
  useEffect(
    () => () => {
      const unfinished = upload.current;
      if (!unfinished) return;
      left.current = true;
      unfinished.controller.abort();
      keepFailed(unfinished.job);
      toast({
        title: unfinished.job.kind === 'image' ? t`Photo not sent` : t`Voice message not sent`,
        description: t`You left the conversation before it finished uploading. You can send it again from there.`,
      });
    },
    [keepFailed],
  );

  // Retry (a "Not sent" bubble's) is one more attempt of the same job.
  return { sending, cancelled, sendPhoto, sendVoice, retry: attempt, cancel };
}

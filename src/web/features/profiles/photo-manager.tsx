import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ChevronLeft, ChevronRight, ImagePlus, Trash2 } from 'lucide-react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, type PhotoItem } from '../../../contract/profiles';
import { Meter } from '../../components/ui/meter';
import { useToast, toastFailed } from '../../components/ui/toast';
import { apiCall } from '../../lib/api';
import { apiUpload, isAbort } from '../../lib/api-upload';
import { cn } from '../../lib/cn';
import { usePhotoListUpdate, usePhotos } from './queries';
import { profilesApi } from '../../../contract/api';
import { useLingui } from '@lingui/react/macro';

/** 44 px: the smallest comfortable tap target (WCAG 2.5.5), even on a third-of-the-screen tile. */
const iconButton =
  'grid size-11 place-items-center rounded-full bg-white/90 text-plum-800 shadow-[0_2px_6px_rgb(58_19_49/0.25)] transition-colors hover:bg-white disabled:opacity-50';

/** Her photos: upload with progress, reorder and delete. Each change is saved at once. */
export function PhotoManager({ userId }: { userId: string }) {
  const { data: photos, isPending, isError } = usePhotos(userId);
  const applyList = usePhotoListUpdate(userId);
  const { toast } = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const refocusInput = useRef(false);
  useEffect(() => {
    if (busy || !refocusInput.current) return;
    refocusInput.current = false;
    fileInput.current?.focus();
  }, [busy]);
  const inputId = useId();
  const { t } = useLingui();

  const run = async (work: () => Promise<PhotoItem[]>, failure: string) => {
    setBusy(true);
    try {
      await applyList(await work());
    } catch (error) {
      // She cancelled the upload: nothing went wrong.
      if (isAbort(error)) return;
      console.warn(failure, error);
      toastFailed(failure, error, t`Please try again`);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) {
      toast({ title: t`Photo not added`, description: t`Photos can be at most 15 MB`, variant: 'destructive' });
      return;
    }
    setProgress(0);
    const controller = new AbortController();
    upload.current = controller;
    void run(
      async () => {
        const options = { onProgress: setProgress, signal: controller.signal };
        return (await apiUpload(profilesApi.addPhoto, { params: { id: userId } }, file, {}, options)).photos;
      },
      t`Photo not added`,
    );
  };

  const move = (list: PhotoItem[], from: number, to: number) => {
    const order = list.map((p) => p.id);
    const [moved] = order.splice(from, 1);
    if (moved === undefined) return;
    order.splice(to, 0, moved);
    void run(
      async () =>
        (await apiCall(profilesApi.reorderPhotos, { params: { id: userId }, body: { photoIds: order } })).photos,
      t`Could not reorder photos`,
    );
  };

  const remove = (photo: PhotoItem) =>
    void run(
      async () => (await apiCall(profilesApi.deletePhoto, { params: { id: userId, photoId: photo.id } })).photos,
      t`Could not delete photo`,
    );

  if (isPending) {
    return (
      <div className="grid grid-cols-3 gap-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="aspect-[3/4] animate-pulse rounded-2xl bg-cream-200" />
        ))}
      </div>
    );
  }
  if (isError) return <p className="text-sm text-red-700">{t`Your photos could not be loaded.`}</p>;

  const canAdd = photos.length < MAX_PHOTOS;
  const photoCount = photos.length;
  const percent = Math.round((progress ?? 0) * 100);
  // Her focus moves to Cancel while the photo uploads (the file input is off meanwhile), and back to the input
  // once it is on again.
  const focusWhileUploading = (button: HTMLButtonElement | null) => {
    if (!button) return;
    if (document.activeElement === fileInput.current || document.activeElement === document.body) button.focus();
    return () => {
      if (document.activeElement === button) refocusInput.current = true;
    };
  };
  return (
    <div className="grid gap-2">
      <ul className="grid grid-cols-3 gap-2" aria-label={t`Your photos`} aria-busy={busy}>
        {photos.map((photo, index) => {
          const number = index + 1;
          return (
            <li key={photo.id} className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-cream-200">
              <img src={photo.thumbnailUrl} alt={t`Photo ${number}`} className="size-full object-cover" />
              {index === 0 && (
                <span className="absolute top-[3.25rem] left-1.5 rounded-full bg-plum-900/70 px-2 py-0.5 text-[0.65rem] font-semibold text-white">
                  {t`Main`}
                </span>
              )}
              <button
                type="button"
                aria-label={t`Delete photo ${number}`}
                disabled={busy}
                onClick={() => remove(photo)}
                className={cn(iconButton, 'absolute top-1 right-1 text-red-700')}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
              <div className="absolute inset-x-1 bottom-1 flex justify-between">
                <button
                  type="button"
                  aria-label={t`Move photo ${number} earlier`}
                  disabled={busy || index === 0}
                  onClick={() => move(photos, index, index - 1)}
                  className={cn(iconButton, index === 0 && 'invisible')}
                >
                  <ChevronLeft className="size-4" aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label={t`Move photo ${number} later`}
                  disabled={busy || index === photos.length - 1}
                  onClick={() => move(photos, index, index + 1)}
                  className={cn(iconButton, index === photos.length - 1 && 'invisible')}
                >
                  <ChevronRight className="size-4" aria-hidden />
                </button>
              </div>
            </li>
          );
        })}
        {canAdd && (
          <li className="aspect-[3/4]">
            {/* Before the tile: the tile draws this input's keyboard focus (peer). */}
            <input
              ref={fileInput}
              id={inputId}
              // Named by itself too: while a photo uploads, the tile that labels it shows the upload instead.
              aria-label={t`Add photo`}
              type="file"
              // image/* lets iPhones hand over a JPEG copy of HEIC photos.
              accept="image/*"
              className="peer sr-only"
              disabled={busy}
              onChange={onFile}
            />
            {progress !== null ? (
              <div className="grid size-full place-content-center justify-items-center gap-2 rounded-2xl border-2 border-dashed border-plum-200 bg-plum-50 px-3 text-center">
                <span className="text-xs font-semibold text-plum-800">
                  {progress < 1 ? t`Uploading ${percent}%` : t`Processing…`}
                </span>
                <div className="w-20">
                  <Meter percent={percent} label={t`Uploading photo`} />
                </div>
                {/* Until the file is all sent: after that the photo is being added and is hers. */}
                {progress < 1 && (
                  <button
                    ref={focusWhileUploading}
                    type="button"
                    // The form has its own Cancel (leave without saving): this one says what it stops.
                    aria-label={t`Cancel upload`}
                    onClick={() => upload.current?.abort()}
                    className="min-h-11 rounded-full px-3 text-sm font-semibold text-plum-700 hover:bg-plum-100"
                  >
                    {t`Cancel`}
                  </button>
                )}
              </div>
            ) : (
              <label
                htmlFor={inputId}
                className={cn(
                  // The file input it stands for is visually hidden: its keyboard focus is drawn on this tile.
                  'grid size-full cursor-pointer place-content-center justify-items-center gap-1.5 rounded-2xl border-2 border-dashed border-plum-200 bg-white text-plum-700 transition-colors hover:bg-plum-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-plum-500',
                  busy && 'pointer-events-none opacity-60',
                )}
              >
                <ImagePlus className="size-6" aria-hidden />
                <span className="text-xs font-semibold">{t`Add photo`}</span>
              </label>
            )}
          </li>
        )}
      </ul>
      <p className="text-xs leading-relaxed text-ink-soft">
        {t`${photoCount}/${MAX_PHOTOS} photos · JPEG, PNG, WebP, HEIC or AVIF up to 15 MB. Photo changes are saved right away, and location data is removed from every photo.`}
      </p>
    </div>
  );
}

import { buildPath, type CallInput, type RouteDeclaration, type ResponseOut } from '../../contract/api/define';
import { answer, requestHeaders, type Method } from './api';

/*
 * Uploads, apart from the JSON client (./api.ts) because no first screen sends a file: the landing page's
 * JavaScript does not carry them.
 */

/** What an upload may be told: how far it has got, and when to stop. */
interface UploadOptions {
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  /** Aborting rejects the upload with an AbortError (`isAbort`). */
  signal?: AbortSignal;
}

/** True for the error an aborted upload rejects with. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * An upload by XMLHttpRequest, the only browser API that reports how much of a request body has been sent
 * (a photo on a slow network takes seconds). Failures read as `request`'s do: ApiError for an answer, a
 * TypeError when there was none.
 */
function upload(
  method: Method,
  path: string,
  form: FormData,
  schema: { parse: (data: unknown) => unknown },
  { onProgress, signal }: UploadOptions,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.open(method, path);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener('loadend', () => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) return reject(aborted());
      // Status 0: no answer at all (offline, the connection dropped), as fetch's TypeError.
      if (xhr.status === 0) return reject(new TypeError('The upload did not reach Steep.'));
      try {
        resolve(answer(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('Retry-After'), schema));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.send(form);
  });
}

/**
 * Sends one file to a declared upload route as multipart/form-data (text `fields` go before the file), telling
 * `options.onProgress` how far it has got.
 */
export function apiUpload<D extends RouteDeclaration & { upload: { field: string } }>(
  declaration: D,
  input: Pick<CallInput<D>, 'params'>,
  file: Blob,
  fields: Record<string, string> = {},
  options: UploadOptions = {},
): Promise<ResponseOut<D>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(declaration.upload.field, file);
  const url = buildPath(declaration.path, (input as { params?: Record<string, unknown> }).params);
  return upload(declaration.method, url, form, declaration.response, options) as Promise<ResponseOut<D>>;
}

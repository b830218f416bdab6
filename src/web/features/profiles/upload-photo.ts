import { errorBody } from '../../../contract/http';
import { PHOTO_FIELD, photoList, type PhotoList } from '../../../contract/profiles';
import { ApiError } from '../../lib/api';

/**
 * Sends one photo as multipart/form-data. XMLHttpRequest rather than the JSON API client because
 * only it reports upload progress; errors are the same ApiError the client throws.
 */
export function uploadPhoto(userId: string, file: File, onProgress: (fraction: number) => void): Promise<PhotoList> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/users/${encodeURIComponent(userId)}/photos`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(photoList.parse(JSON.parse(text)));
        } catch (error) {
          reject(error instanceof Error ? error : new Error('Unexpected upload response'));
        }
        return;
      }
      let body: ApiError['body'];
      try {
        const parsed = errorBody.safeParse(JSON.parse(text));
        body = parsed.success ? parsed.data : undefined;
      } catch {
        body = undefined;
      }
      reject(new ApiError(xhr.status, xhr.statusText, text, body));
    };
    xhr.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    const form = new FormData();
    form.append(PHOTO_FIELD, file, file.name);
    xhr.send(form);
  });
}

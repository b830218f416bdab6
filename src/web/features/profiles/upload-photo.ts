import { buildPath } from '../../../contract/api/define';
import { profilesApi } from '../../../contract/api/profiles';
import { errorBody } from '../../../contract/http';
import { type PhotoList } from '../../../contract/profiles';
import { ApiError } from '../../lib/api';
import { t } from '@lingui/core/macro';

/**
 * Sends one photo as multipart/form-data. XMLHttpRequest rather than the JSON API client because
 * only it reports upload progress; the path, field and answer come from the declaration
 * (profilesApi.addPhoto) all the same, and errors are the same ApiError the client throws.
 */
export function uploadPhoto(userId: string, file: File, onProgress: (fraction: number) => void): Promise<PhotoList> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const route = profilesApi.addPhoto;
    xhr.open(route.method, buildPath(route.path, { id: userId }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(route.response.parse(JSON.parse(text)));
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
    xhr.onerror = () => reject(new Error(t`The upload failed. Check your connection and try again.`));
    const form = new FormData();
    form.append(route.upload.field, file, file.name);
    xhr.send(form);
  });
}

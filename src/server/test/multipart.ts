import { randomBytes } from 'node:crypto';

export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** multipart/form-data as a browser sends it: text fields first, then the file. */
export function form(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----steep${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
              `Content-Type: ${part.contentType}\r\n\r\n`,
          ),
          part.data,
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A multipart/form-data body for app.inject, built by hand: one file field plus optional text
 * fields. Used by the import tests (stations, members).
 */
import { randomBytes } from 'node:crypto';

export interface MultipartPayload {
  payload: Buffer;
  headers: { 'content-type': string };
}

export function multipartFile(
  fieldName: string,
  fileName: string,
  content: Buffer | string,
  contentType = 'application/octet-stream',
  fields: Record<string, string> = {},
): MultipartPayload {
  const boundary = `----stationbid-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
      'utf8',
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The usual content types of the import files. */
export const SPREADSHEET_CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
} as const;

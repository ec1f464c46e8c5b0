/**
 * Reading the one file of a multipart upload (imports). A file over the import limit is cut off
 * by the multipart plugin (its limit is one byte above ours); it is refused with 413 and the
 * spec's message, never read half and never a 500.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error.ts';

export const FILE_REQUIRED_MESSAGE = 'Please select a file to upload';
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 5MB';

/** The uploaded file of the field `fieldName` (default `file`), read whole. */
export async function readUploadedFile(
  request: FastifyRequest,
  fieldName = 'file',
): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest(FILE_REQUIRED_MESSAGE);
  const file = await request.file();
  if (!file || file.fieldname !== fieldName) throw badRequest(FILE_REQUIRED_MESSAGE);
  let content: Buffer;
  try {
    content = await file.toBuffer();
  } catch (error) {
    if (file.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    }
    throw error;
  }
  if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  return { fileName: file.filename, content };
}

import { z } from 'zod';

/** A file part of a multipart/form-data body, as the document shows it (OpenAPI 3.1: a string of bytes). */
export const filePart = (description: string) => z.string().meta({ contentMediaType: 'application/octet-stream', description });

/** A form step's answers as multipart/form-data: a part per field of the form, named by its key. */
export const formAnswerParts = z
  .record(z.string().max(100), z.string())
  .describe('One part per field of the form, named by its key: text fields as text parts, `file` fields as file parts (the file’s bytes, with its file name)');

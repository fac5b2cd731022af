/** Receipts stored by the image service (POST /images/upload-image) and the references a submission makes to them. */
import { z } from 'zod';
import { ALLOWED_CONTENT_TYPES, MAX_CHECKLIST_ITEM_LENGTH } from './limits';
import { text } from './shared';

export const storedFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  content_type: z.enum(ALLOWED_CONTENT_TYPES),
  size: z.number().int().nonnegative(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const uploadImageResponseSchema = z.object({ files: z.array(storedFileSchema) });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

/** A reference to an uploaded file inside a submission (extra keys of a StoredFile are dropped). */
export const fileRefSchema = z.object({
  id: z.uuid(text.fileUnknown),
  name: z.string().max(255).default(''),
});
export type FileRef = z.infer<typeof fileRefSchema>;

/**
 * A claim receipt: the file and the checklist item it was added under (issue 30 §3; one of the
 * coverage's required documents). Null (or absent, as before the checklist): 'Otros documentos'.
 */
export const claimFileRefSchema = fileRefSchema.extend({
  item: z
    .string()
    .trim()
    .max(MAX_CHECKLIST_ITEM_LENGTH, text.tooLong(MAX_CHECKLIST_ITEM_LENGTH))
    .nullable()
    .default(null)
    .transform((item) => (item === '' ? null : item)),
});
export type ClaimFileRef = z.infer<typeof claimFileRefSchema>;

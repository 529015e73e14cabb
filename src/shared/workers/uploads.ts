// The files an application carries besides its answers (uploaded one at a time).

export const UPLOAD_KINDS = ['passport_photo', 'signature'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Largest accepted upload, before it is re-encoded (the server refuses bigger). */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  passport_photo: 5 * 1024 * 1024,
  signature: 512 * 1024,
};

import { AppError } from '../errors.ts';

// Uploaded images are judged by their bytes, never by their name or the type the browser
// claims, then decoded and re-encoded: what is stored is a fresh JPEG or PNG with no
// metadata (no GPS position from a phone camera), never the uploaded bytes. SVG, HTML and
// anything else dressed up as an image is refused before it is decoded.

export type ImagePurpose = 'photo' | 'signature';

const accepted = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Decoding larger pictures than this is refused (a "decompression bomb" guard). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
}

const notAnImage = () =>
  new AppError(
    415,
    'NOT_AN_IMAGE',
    'This file is not a picture we can use. Choose a JPEG, PNG or WebP photo.',
  );

export async function processImage(input: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> {
  // Both are loaded on the first upload only: a server that never receives one never pays
  // for them.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !accepted.has(detected.mime)) throw notAnImage();
  // A signature must be a PNG (spec §9); the pad makes one.
  if (purpose === 'signature' && detected.mime !== 'image/png') throw notAnImage();

  sharp.cache(false);
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    if (purpose === 'photo') {
      const body = await image
        .rotate() // apply the camera's orientation before the metadata is dropped
        .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      return { body, contentType: 'image/jpeg', extension: 'jpg' };
    }
    const body = await image
      .resize({ width: 1000, height: 400, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    return { body, contentType: 'image/png', extension: 'png' };
  } catch {
    throw notAnImage();
  }
}

// A phone camera's photo is often 3–8 MB; the church needs a passport-sized picture. Making it
// small in the browser first costs the member a fraction of the data (the server re-encodes it
// again anyway, so this is only about the upload).

const MAX_SIDE = 1200;

/** A JPEG at most 1200 px on its longest side, or the file itself if the browser cannot. */
export async function shrinkPhoto(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.85),
    );
    return blob && blob.size < file.size ? blob : file;
  } catch {
    // Not a picture this browser can read: send it as it is and let the server say.
    return file;
  }
}

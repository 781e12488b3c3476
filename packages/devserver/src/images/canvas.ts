import type { ImageReencoder } from '../core/coupons/images.ts';

/**
 * The browser's re-encoder (mock mode: MSW's worker answers in the page): the browser decodes the
 * image (`createImageBitmap`, upright by its EXIF orientation), draws it on a canvas and encodes
 * the canvas again as the same kind. A canvas holds pixels only, so no EXIF, GPS position,
 * comment or text chunk survives. The core has already refused a picture over its bound by the
 * header, so the browser never decodes one.
 */
export const canvasReencoder: ImageReencoder = async (bytes, kind) => {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: kind.mime }), {
    imageOrientation: 'from-image',
  });
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas to re-encode the image on');
    context.drawImage(bitmap, 0, 0);
    const blob = await canvas.convertToBlob({ type: kind.mime, quality: 0.85 });
    // A browser that cannot write the kind answers with a PNG instead: never store that as a JPEG.
    if (blob.type !== kind.mime) throw new Error(`The browser cannot write ${kind.mime}`);
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    bitmap.close();
  }
};

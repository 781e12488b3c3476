import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, type ImageReencoder } from '../core/coupons/images.ts';

/**
 * The Node re-encoder (Fastify and MSW's Node server): sharp (libvips) decodes the image and
 * writes its pixels again as the same kind. Nothing of the file but its pixels is kept: sharp
 * writes no EXIF (GPS position included), XMP, IPTC, comment or PNG text chunk unless asked, and
 * turns the picture upright by its EXIF orientation first, so dropping that tag does not turn
 * it. `limitInputPixels` refuses a picture over the core's bound by its header again, before
 * decoding; `failOn: 'warning'` refuses damaged pixel data instead of storing a half-decoded
 * picture. Never imported by code the browser bundle reaches (mock mode uses `canvas.ts`).
 */
export const sharpReencoder: ImageReencoder = async (bytes, kind) => {
  const image = sharp(bytes, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    failOn: 'warning',
    autoOrient: true,
  });
  const encoded = kind.ext === 'png' ? image.png() : image.jpeg({ quality: 85 });
  return new Uint8Array(await encoded.toBuffer());
};

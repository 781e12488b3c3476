import type { Schemas } from '@portal/sdk';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { toHelsinkiIso } from '../clock.ts';
import { fail, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { fromBase64, toBase64 } from './base64.ts';
import { findCoupon, imagePath } from './coupons.ts';
import { crc32 } from './png.ts';

/** Spec §5/§9: a coupon image is at most 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * The most pixels a coupon image may have, its width times its height: 4096 × 4096, 16.8 million
 * pixels, 64 MiB decoded. A coupon shows its picture at most about 1 200 px wide on a phone; the
 * limit leaves room for a camera's photo, and refuses a small file that declares an enormous
 * picture (a decompression bomb) by its header, before anything is decoded. A bound on the pixel
 * count, not on each side (issue 54, spec §5/§9): what decoding costs is the pixel count, and a
 * long thin banner (5000 × 4 px) costs nothing.
 */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

export type ImageKind = { ext: 'jpg'; mime: 'image/jpeg' } | { ext: 'png'; mime: 'image/png' };

const JPG: ImageKind = { ext: 'jpg', mime: 'image/jpeg' };
const PNG: ImageKind = { ext: 'png', mime: 'image/png' };

export const IMAGE_NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

/**
 * Decodes a whole image and encodes its pixels again as the same kind, without anything else the
 * file carried (EXIF and GPS position, comments, text chunks, bytes hidden in segments): what is
 * stored and served. It is called only with a whole image of at most MAX_IMAGE_PIXELS pixels (the
 * core checks the header first) and rejects when the pixels do not decode.
 *
 * The core imports no codec: each transport injects one (`createApi({ reencodeImage })`): sharp in
 * Node (`src/images/sharp.ts`: Fastify and MSW's Node server), the browser's canvas in mock mode
 * (`src/images/canvas.ts`).
 */
export type ImageReencoder = (bytes: Uint8Array, kind: ImageKind) => Promise<Uint8Array>;

/**
 * The image's real type by its content (magic bytes, via file-type), whatever the request
 * declared: JPEG and PNG (an animated PNG is a PNG too) are accepted, anything else is null.
 */
export async function sniffImage(bytes: Uint8Array): Promise<ImageKind | null> {
  // A file shorter than what file-type reads (a 12-byte "PNG") makes it throw: not an image.
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (type?.ext === 'jpg') return JPG;
  if (type?.ext === 'png' || type?.ext === 'apng') return PNG;
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/**
 * Whether a PNG is whole: the signature, then chunks with their lengths and CRCs intact, IHDR
 * first and IEND exactly at the end (a PNG header followed by HTML, or a cut-off file, is not).
 */
function isWholePng(bytes: Uint8Array): boolean {
  if (PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let first = true;
  while (offset + 12 <= bytes.byteLength) {
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > bytes.byteLength) return false;
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) !== view.getUint32(offset + 8 + length)) return false;
    const type = text(typeAndData.subarray(0, 4));
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IEND') return end === bytes.byteLength;
    offset = end;
  }
  return false;
}

/** JPEG markers that stand alone, without a length: TEM and the restart markers RST0–RST7. */
const isStandaloneMarker = (marker: number) =>
  marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * Where a JPEG's end-of-image marker (`FF D9`) ends, found by walking its segments from the
 * start-of-image: each segment's length is skipped (so an EXIF thumbnail's own markers are not
 * read as the image's), and after a start-of-scan the entropy-coded data runs to the next marker
 * that is neither a stuffed `FF 00` nor a restart. Null when the walk runs off the end (a cut-off
 * file) or meets something that is no marker.
 */
export function jpegEnd(bytes: Uint8Array): number | null {
  const n = bytes.byteLength;
  const at = (index: number): number => bytes[index] ?? -1;
  if (n < 4 || at(0) !== 0xff || at(1) !== 0xd8) return null;
  let offset = 2;
  while (offset < n) {
    if (at(offset) !== 0xff) return null;
    // Fill bytes: any number of FF before a marker.
    while (at(offset) === 0xff) offset += 1;
    if (offset >= n) return null;
    const marker = at(offset);
    offset += 1;
    if (marker === 0xd9) return offset;
    if (marker === 0x00 || marker === 0xd8) return null;
    if (isStandaloneMarker(marker)) continue;
    const length = (at(offset) << 8) | at(offset + 1);
    if (offset + 2 > n || length < 2) return null;
    offset += length;
    if (offset > n) return null;
    if (marker !== 0xda) continue;
    // Entropy-coded data after a start-of-scan, up to the next real marker.
    while (offset + 1 < n) {
      const next = at(offset + 1);
      if (at(offset) === 0xff && next !== 0x00 && next !== 0xff && !isStandaloneMarker(next)) {
        break;
      }
      offset += 1;
    }
    if (offset + 1 >= n) return null;
  }
  return null;
}

/**
 * Whether a JPEG is whole: its segments walk from start-of-image to end-of-image, and the file
 * ends there. Bytes after the end (a ZIP appended to make a JPEG/ZIP polyglot, a phone's motion
 * photo video) make it not whole: refused like a PNG with bytes after IEND.
 */
function isWholeJpeg(bytes: Uint8Array): boolean {
  return jpegEnd(bytes) === bytes.byteLength;
}

/**
 * The width and height of a whole image of its kind, read from its header (image-size) without
 * decoding any pixel; null when it is not whole: its structure (above) or no real size.
 */
export function wholeImageSize(
  bytes: Uint8Array,
  kind: ImageKind,
): { width: number; height: number } | null {
  if (!(kind.ext === 'png' ? isWholePng(bytes) : isWholeJpeg(bytes))) return null;
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** A fresh, never reused name: 128 random bits from the CSPRNG (Web Crypto) as 32 hex digits. */
export function newImageName(kind: ImageKind): string {
  const random = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex}.${kind.ext}`;
}

/** Stores an image for a coupon under `name` and drops the coupon's previous one. */
export function attachImage(
  state: DevState,
  couponId: number,
  name: string,
  kind: ImageKind,
  bytes: Uint8Array,
): void {
  const now = toHelsinkiIso(state.clock.now());
  state.db.image.deleteMany({ where: { couponId: { equals: couponId } } });
  state.db.image.create({
    name,
    contentType: kind.mime,
    base64: toBase64(bytes),
    size: bytes.byteLength,
    couponId,
    createdAt: now,
  });
  state.db.coupon.update({
    where: { id: { equals: couponId } },
    data: { imageName: name, updatedAt: now },
  });
}

/**
 * Uploads or replaces a coupon's image. Checks in order: unknown coupon → not-found; more than
 * 2 MB → payload-too-large; not JPEG/PNG by content → unsupported-media-type; a JPEG or PNG that
 * is not whole (cut off, padded, bytes after its end, no size) → unsupported-media-type with its
 * own message; more than MAX_IMAGE_PIXELS pixels by its header → payload-too-large with its own
 * message, before any pixel is decoded; pixels that do not decode (`reencode` rejects) →
 * unsupported-media-type, as a broken file. What is stored and served is the re-encoded image,
 * never the uploaded bytes. Nothing is stored when refused. The declared Content-Type was already
 * checked (image/jpeg or image/png) by the pipeline; the stored type follows the bytes, so a PNG
 * declared as image/jpeg is kept as .png.
 */
export async function uploadCouponImage(
  state: DevState,
  couponId: number,
  bytes: Uint8Array | null,
  reencode: ImageReencoder,
): Promise<Result<Schemas['CouponImage']>> {
  if (!findCoupon(state, couponId)) return fail('not-found');
  if (bytes && bytes.byteLength > MAX_IMAGE_BYTES) {
    return fail('payload-too-large', { message: 'coupon.imageTooLarge' });
  }
  const kind = bytes ? await sniffImage(bytes) : null;
  if (!bytes || !kind) return fail('unsupported-media-type', { message: 'coupon.imageType' });
  const size = wholeImageSize(bytes, kind);
  if (!size) return fail('unsupported-media-type', { message: 'coupon.imageBroken' });
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    return fail('payload-too-large', { message: 'coupon.imageDimensions' });
  }
  let clean: Uint8Array;
  try {
    clean = await reencode(bytes, kind);
  } catch {
    return fail('unsupported-media-type', { message: 'coupon.imageBroken' });
  }
  // Sniffing and re-encoding awaited: the coupon may have been deleted meanwhile.
  if (!findCoupon(state, couponId)) return fail('not-found');
  const name = newImageName(kind);
  attachImage(state, couponId, name, kind, clean);
  return ok({ imageUrl: imagePath(name) });
}

/** Removes the coupon's image (also fine when it had none). */
export function deleteCouponImage(state: DevState, couponId: number): Result<null> {
  const coupon = findCoupon(state, couponId);
  if (!coupon) return fail('not-found');
  state.db.image.deleteMany({ where: { couponId: { equals: couponId } } });
  if (coupon.imageName !== null) {
    state.db.coupon.update({
      where: { id: { equals: couponId } },
      data: { imageName: null, updatedAt: toHelsinkiIso(state.clock.now()) },
    });
  }
  return ok(null);
}

/** An uploaded image's bytes; the content type follows the name's extension. */
export function getImage(
  state: DevState,
  name: string,
): Result<{ bytes: Uint8Array; contentType: ImageKind['mime'] }> {
  if (!IMAGE_NAME.test(name)) return fail('not-found');
  const image = state.db.image.findFirst({ where: { name: { equals: name } } });
  if (!image) return fail('not-found');
  return ok({
    bytes: fromBase64(image.base64),
    contentType: name.endsWith('.png') ? PNG.mime : JPG.mime,
  });
}

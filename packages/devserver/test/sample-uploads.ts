import sharp from 'sharp';
import { crc32, zlibStored } from '../src/core/coupons/png.ts';
import { tinyJpeg, tinyPng } from '../src/core/coupons/sample-images.ts';

// Uploads a coupon image must not be stored as they are (issue 33): metadata, hidden text, a
// polyglot, a decompression bomb. Built here, byte by byte or with sharp itself.

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
};

/** Whether `needle` occurs in `bytes`. */
export function contains(bytes: Uint8Array, needle: string | Uint8Array): boolean {
  return Buffer.from(bytes).includes(Buffer.from(needle));
}

/** A PNG chunk: its length, type, data and CRC. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.byteLength);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.byteLength);
  chunk.set(ascii(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.byteLength, crc32(chunk.subarray(4, 8 + data.byteLength)));
  return chunk;
}

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, not interlaced
  return pngChunk('IHDR', data);
}

/** The tiny 2×2 PNG with a `tEXt` chunk (keyword Comment) holding a script, before IEND. */
export function pngWithScript(): Uint8Array {
  const tiny = tinyPng();
  const text = pngChunk('tEXt', ascii('Comment\0<script>alert(document.cookie)</script>'));
  return concat(tiny.subarray(0, tiny.byteLength - 12), text, tiny.subarray(tiny.byteLength - 12));
}

/**
 * 74 bytes: a whole PNG (signature, IHDR, IDAT and IEND with their CRCs) whose header declares
 * 65 535 × 65 535 pixels, 12 GiB to decode. A decompression bomb for whoever decodes it.
 */
export function pngBomb(): Uint8Array {
  return concat(
    PNG_SIGNATURE,
    ihdr(65_535, 65_535),
    pngChunk('IDAT', zlibStored(new Uint8Array(6))),
    pngChunk('IEND', new Uint8Array(0)),
  );
}

/** A whole PNG (chunks and CRCs intact) declaring 2 × 2 pixels whose IDAT holds 3 bytes of 14. */
export function pngWithoutPixels(): Uint8Array {
  return concat(
    PNG_SIGNATURE,
    ihdr(2, 2),
    pngChunk('IDAT', zlibStored(new Uint8Array(3))),
    pngChunk('IEND', new Uint8Array(0)),
  );
}

/** A PNG of `width` × `height` pixels in one colour (sharp). */
export async function plainPng(width: number, height: number): Promise<Uint8Array> {
  const background = { r: 200, g: 60, b: 90 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));
}

/** Where the test photo was taken (Helsinki), as EXIF GPS rationals. */
export const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '60/1 10/1 1234/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '24/1 56/1 789/100',
};

/**
 * A 32 × 24 JPEG as a phone saves a photo (sharp): EXIF with the owner's name and the GPS
 * position, and orientation 6 (shown turned 90° clockwise, so upright it is 24 × 32).
 */
export async function jpegWithGps(): Promise<Uint8Array> {
  const background = { r: 30, g: 120, b: 200 };
  const buffer = await sharp({ create: { width: 32, height: 24, channels: 3, background } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Artist: 'Maija Secret-Owner' }, IFD3: GPS },
    })
    .toBuffer();
  return new Uint8Array(buffer);
}

/** A ZIP archive (stored, one file) whose end record carries `comment`. */
function zip(name: string, content: string, comment: Uint8Array): Uint8Array {
  const fileName = ascii(name);
  const data = ascii(content);
  const crc = crc32(data);
  const local = new Uint8Array(30);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint32(14, crc, true);
  lv.setUint32(18, data.byteLength, true);
  lv.setUint32(22, data.byteLength, true);
  lv.setUint16(26, fileName.byteLength, true);
  const central = new Uint8Array(46);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(4, 20, true);
  cv.setUint16(6, 20, true);
  cv.setUint32(16, crc, true);
  cv.setUint32(20, data.byteLength, true);
  cv.setUint32(24, data.byteLength, true);
  cv.setUint16(28, fileName.byteLength, true);
  const centralOffset = local.byteLength + fileName.byteLength + data.byteLength;
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, 1, true);
  ev.setUint16(10, 1, true);
  ev.setUint32(12, central.byteLength + fileName.byteLength, true);
  ev.setUint32(16, centralOffset, true);
  ev.setUint16(20, comment.byteLength, true);
  return concat(local, fileName, data, central, fileName, end, comment);
}

const PAYLOAD = '<html><script>alert(document.cookie)</script></html>';

/**
 * A JPEG/ZIP polyglot: the tiny JPEG followed by a ZIP (holding an HTML page) whose comment is
 * `FF D9`, so the file still ends like a JPEG: a picture to an image viewer, an archive to unzip.
 */
export function jpegZipPolyglot(): Uint8Array {
  return concat(tinyJpeg(), zip('index.html', PAYLOAD, Uint8Array.from([0xff, 0xd9])));
}

/** The tiny JPEG with the same ZIP inside a comment (COM) segment: a whole JPEG carrying it. */
export function jpegWithZipInComment(): Uint8Array {
  const archive = zip('index.html', PAYLOAD, new Uint8Array(0));
  const segment = new Uint8Array(4 + archive.byteLength);
  segment.set([0xff, 0xfe, (archive.byteLength + 2) >> 8, (archive.byteLength + 2) & 0xff]);
  segment.set(archive, 4);
  const jpeg = tinyJpeg();
  return concat(jpeg.subarray(0, 2), segment, jpeg.subarray(2));
}

/** The ZIP local-file signature `PK\3\4`. */
export const ZIP_SIGNATURE = Uint8Array.from([0x50, 0x4b, 0x03, 0x04]);

/** The pixels of an image (sharp), with its width, height and channels. */
export async function pixelsOf(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

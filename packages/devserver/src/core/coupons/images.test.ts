import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import {
  contains,
  jpegWithGps,
  jpegWithZipInComment,
  jpegZipPolyglot,
  pixelsOf,
  plainPng,
  pngBomb,
  pngWithoutPixels,
  pngWithScript,
  ZIP_SIGNATURE,
} from '../../../test/sample-uploads.ts';
import { sharpReencoder } from '../../images/sharp.ts';
import {
  jpegEnd,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  newImageName,
  sniffImage,
  type ImageReencoder,
} from './images.ts';
import { fromBase64, toBase64 } from './base64.ts';
import { adler32, crc32, encodePng, zlibStored } from './png.ts';
import { tinyJpeg, tinyPng } from './sample-images.ts';

const nameOf = (imageUrl: string): string => imageUrl.slice('/api/images/'.length);

async function upload(h: Harness, bytes: Uint8Array, contentType: string, id = 3) {
  return h.call('uploadCouponImage', {
    as: 'content-manager',
    path: { id },
    body: bytes,
    contentType,
  });
}

/** The bytes stored for an image URL (what the core wrote to the store). */
function storedBytes(h: Harness, imageUrl: string): Uint8Array {
  const row = h.state.db.image.findFirst({ where: { name: { equals: nameOf(imageUrl) } } });
  if (!row) throw new Error(`nothing stored for ${imageUrl}`);
  return fromBase64(row.base64);
}

/** A re-encoder that must not be reached (the request is refused before any decoding). */
const unreachable = (): ReturnType<typeof vi.fn<ImageReencoder>> =>
  vi.fn<ImageReencoder>(() => Promise.reject(new Error('decoded an image it should not have')));

/** A whole PNG of exactly `size` bytes: the tiny PNG with a comment chunk (`tEXt`) before IEND. */
function pngOfSize(size: number): Uint8Array {
  const tiny = tinyPng();
  const iend = tiny.subarray(tiny.byteLength - 12);
  const dataLength = size - tiny.byteLength - 12;
  const chunk = new Uint8Array(12 + dataLength);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, dataLength);
  chunk.set(new TextEncoder().encode('tEXt'), 4);
  chunk.fill(0x61, 8, 8 + dataLength);
  view.setUint32(8 + dataLength, crc32(chunk.subarray(4, 8 + dataLength)));
  const bytes = new Uint8Array(size);
  bytes.set(tiny.subarray(0, tiny.byteLength - 12));
  bytes.set(chunk, tiny.byteLength - 12);
  bytes.set(iend, size - 12);
  return bytes;
}

describe('coupon images', () => {
  test('Staff upload a PNG and anyone can fetch it by its new name, cacheable for good', async () => {
    const h = createHarness();
    const { status, json } = await upload(h, tinyPng(), 'image/png');
    expect(status).toBe(200);
    expect(json.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.png$/);
    const image = await h.call('getImage', { path: { name: nameOf(json.imageUrl) } });
    expect(image.status).toBe(200);
    expect(image.contentType).toBe('image/png');
    expect(image.headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    // Served as stored: the upload decoded and written again (sharp), the same 2×2 teal pixels.
    expect(image.body).toEqual(storedBytes(h, json.imageUrl));
    expect(await pixelsOf(image.body as Uint8Array)).toEqual(await pixelsOf(tinyPng()));
    const coupon = (await h.call('adminGetCoupon', { as: 'admin', path: { id: 3 } })).json;
    expect(coupon.imageUrl).toBe(json.imageUrl);
    const patientView = (await h.call('getCoupon', { as: 'patient', path: { id: 3 } })).json;
    expect(patientView.imageUrl).toBe(json.imageUrl);
  });

  test('A JPEG is stored as .jpg and served as image/jpeg', async () => {
    const h = createHarness();
    const { json } = await upload(h, tinyJpeg(), 'image/jpeg');
    expect(json.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.jpg$/);
    const image = await h.call('getImage', { path: { name: nameOf(json.imageUrl) } });
    expect(image.contentType).toBe('image/jpeg');
    // Served as stored: the upload decoded and written again, still the 8×8 mid-grey picture.
    expect(image.body).toEqual(storedBytes(h, json.imageUrl));
    expect(await sniffImage(image.body as Uint8Array)).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    const { data, width, height } = await pixelsOf(image.body as Uint8Array);
    expect([width, height]).toEqual([8, 8]);
    for (const value of data) expect(Math.abs(value - 128)).toBeLessThanOrEqual(2);
  });

  test('The stored type follows the content: a PNG declared as image/jpeg is kept as .png', async () => {
    const h = createHarness();
    const { status, json } = await upload(h, tinyPng(), 'image/jpeg');
    expect(status).toBe(200);
    expect(json.imageUrl).toMatch(/\.png$/);
  });

  test('A text file declared as a PNG is refused with 415 and nothing is stored', async () => {
    const h = createHarness();
    const images = h.state.db.image.count();
    const text = new TextEncoder().encode('Not a picture, just a renamed notes.txt\n');
    const { status, json } = await upload(h, text, 'image/png');
    expect(status).toBe(415);
    expect(json).toEqual({
      UserMessage: 'The image must be a JPG or PNG file.',
      Code: 'unsupported-media-type',
    });
    expect(h.state.db.image.count()).toBe(images);
    expect(
      (await h.call('adminGetCoupon', { as: 'admin', path: { id: 3 } })).json.imageUrl,
    ).toBeNull();
  });

  test('A short, cut-off or padded image is refused with 415 and its own message, never a 500', async () => {
    const h = createHarness();
    const png = tinyPng();
    const broken = [
      // 8 to 15 bytes of PNG: the signature and a little more.
      ...Array.from({ length: 8 }, (_, index) => png.subarray(0, 8 + index)),
      png.subarray(0, png.byteLength - 1),
      // A PNG header followed by HTML.
      Uint8Array.from([...png.subarray(0, 33), ...new TextEncoder().encode('<html><script>')]),
      // A tiny PNG with zeros after its end.
      Uint8Array.from([...png, 0, 0, 0, 0]),
      // A 3-byte "JPEG", and a JPEG without its end.
      Uint8Array.from([0xff, 0xd8, 0xff]),
      tinyJpeg().subarray(0, tinyJpeg().byteLength - 2),
    ];
    for (const bytes of broken) {
      const type = bytes[0] === 0xff ? 'image/jpeg' : 'image/png';
      const { status, json } = await upload(h, bytes, type);
      expect(status, `${bytes.byteLength} bytes`).toBe(415);
      expect(json.Code).toBe('unsupported-media-type');
      expect(json.UserMessage).toMatch(
        /^The image (file is damaged or incomplete|must be a JPG or PNG file)\./,
      );
    }
    const cut = await upload(h, png.subarray(0, png.byteLength - 1), 'image/png');
    expect(cut.json.UserMessage).toBe(
      'The image file is damaged or incomplete. Save the image again as a JPG or PNG and upload that.',
    );
    expect((await upload(h, tinyJpeg(), 'image/jpeg')).status).toBe(200);
  });

  test('A GIF or an empty body is refused with 415', async () => {
    const h = createHarness();
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    expect((await upload(h, gif, 'image/png')).status).toBe(415);
    expect((await upload(h, new Uint8Array(0), 'image/png')).status).toBe(415);
  });

  test('A declared type other than image/jpeg or image/png answers 415', async () => {
    const h = createHarness();
    const { status, json } = await upload(h, tinyPng(), 'image/gif');
    expect(status).toBe(415);
    expect(json.Code).toBe('unsupported-media-type');
  });

  test('An image of 2 MB and 1 byte is refused with 413 and nothing is stored; 2 MB is fine', async () => {
    const h = createHarness();
    const images = h.state.db.image.count();
    const tooLarge = await upload(h, pngOfSize(MAX_IMAGE_BYTES + 1), 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toEqual({
      UserMessage: 'The image is too large. The maximum size is 2 MB.',
      Code: 'payload-too-large',
    });
    expect(h.state.db.image.count()).toBe(images);
    const largest = await upload(h, pngOfSize(2_097_152), 'image/png');
    expect(largest.status).toBe(200);
  });

  test('Replacing an image deletes the previous one', async () => {
    const h = createHarness();
    const first = (await upload(h, tinyPng(), 'image/png')).json.imageUrl;
    const second = (await upload(h, tinyJpeg(), 'image/jpeg')).json.imageUrl;
    expect(second).not.toBe(first);
    expect((await h.call('getImage', { path: { name: nameOf(first) } })).status).toBe(404);
    expect((await h.call('getImage', { path: { name: nameOf(second) } })).status).toBe(200);
    expect(h.state.db.image.getAll().filter((i) => i.couponId === 3)).toHaveLength(1);
  });

  test('Removing the image clears imageUrl, and removing again still answers 204', async () => {
    const h = createHarness();
    const seeded: string = (await h.call('adminGetCoupon', { as: 'admin', path: { id: 2 } })).json
      .imageUrl;
    expect((await h.call('deleteCouponImage', { as: 'admin', path: { id: 2 } })).status).toBe(204);
    expect(
      (await h.call('adminGetCoupon', { as: 'admin', path: { id: 2 } })).json.imageUrl,
    ).toBeNull();
    expect((await h.call('getImage', { path: { name: nameOf(seeded) } })).status).toBe(404);
    expect((await h.call('deleteCouponImage', { as: 'admin', path: { id: 2 } })).status).toBe(204);
  });

  test('Images of an unknown coupon answer 404', async () => {
    const h = createHarness();
    expect((await upload(h, tinyPng(), 'image/png', 999)).status).toBe(404);
    expect((await h.call('deleteCouponImage', { as: 'admin', path: { id: 999 } })).status).toBe(
      404,
    );
  });

  test('An unknown image name answers 404 and a malformed one 400', async () => {
    const h = createHarness();
    const unknown = await h.call('getImage', { path: { name: `${'0'.repeat(32)}.png` } });
    expect(unknown.status).toBe(404);
    expect((await h.call('getImage', { path: { name: '../../etc/passwd' } })).status).toBe(400);
  });

  test('A patient cannot upload or remove images', async () => {
    const h = createHarness();
    const upload = await h.call('uploadCouponImage', {
      as: 'patient',
      path: { id: 3 },
      body: tinyPng(),
      contentType: 'image/png',
    });
    expect(upload.status).toBe(403);
    expect((await h.call('deleteCouponImage', { as: 'patient', path: { id: 2 } })).status).toBe(
      403,
    );
  });

  test('The seeded coupon pictures are real PNG files', async () => {
    const h = createHarness();
    const { json } = await h.call('getCoupon', { as: 'patient', path: { id: 2 } });
    const image = await h.call('getImage', { path: { name: nameOf(json.imageUrl) } });
    expect(image.status).toBe(200);
    expect(await sniffImage(image.body as Uint8Array)).toEqual({ ext: 'png', mime: 'image/png' });
  });
});

describe('uploaded images are decoded and written again (OWASP ASVS 5.0 V5.2.2)', () => {
  test('A JPEG with EXIF (owner, GPS position) is stored and served without any of it, upright', async () => {
    const h = createHarness();
    const photo = await jpegWithGps();
    // The upload carries it all: the owner's name and the GPS position, in an EXIF block.
    const exif = (await sharp(photo).metadata()).exif;
    expect(exif && contains(exif, Uint8Array.from([0x25, 0x88]))).toBe(true); // GPSInfo (8825)
    expect(contains(photo, 'Maija Secret-Owner')).toBe(true);
    const { status, json } = await upload(h, photo, 'image/jpeg');
    expect(status).toBe(200);
    expect(json.imageUrl).toMatch(/\.jpg$/);
    const image = await h.call('getImage', { path: { name: nameOf(json.imageUrl) } });
    expect(image.body).toEqual(storedBytes(h, json.imageUrl));
    const served = image.body as Uint8Array;
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(contains(served, 'Exif')).toBe(false);
    expect(contains(served, 'Secret-Owner')).toBe(false);
    // Orientation 6 was applied to the pixels before the tag went: 32 × 24 turned upright.
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([24, 32, undefined]);
  });

  test('A PNG with <script> in a tEXt chunk is stored as a PNG without the chunk', async () => {
    const h = createHarness();
    const png = pngWithScript();
    expect(contains(png, '<script>')).toBe(true);
    const { status, json } = await upload(h, png, 'image/png');
    expect(status).toBe(200);
    expect(json.imageUrl).toMatch(/\.png$/);
    const image = await h.call('getImage', { path: { name: nameOf(json.imageUrl) } });
    expect(image.contentType).toBe('image/png');
    const served = image.body as Uint8Array;
    expect(served).toEqual(storedBytes(h, json.imageUrl));
    expect(contains(served, '<script>')).toBe(false);
    for (const chunk of ['tEXt', 'zTXt', 'iTXt', 'eXIf'])
      expect(contains(served, chunk)).toBe(false);
    expect(await pixelsOf(served)).toEqual(await pixelsOf(tinyPng()));
  });

  test('A 74-byte PNG declaring 65 535 × 65 535 pixels is refused with 413 by its header, never decoded', async () => {
    const bomb = pngBomb();
    expect(bomb.byteLength).toBe(74);
    const reencode = unreachable();
    const h = createHarness({ reencodeImage: reencode });
    const images = h.state.db.image.count();
    const { status, json } = await upload(h, bomb, 'image/png');
    expect(status).toBe(413);
    expect(json).toEqual({
      UserMessage:
        'The image is too large. It can have at most 16,777,216 pixels (for example 4096 × 4096). Make it smaller and upload it again.',
      Code: 'payload-too-large',
    });
    expect(reencode).not.toHaveBeenCalled();
    expect(h.state.db.image.count()).toBe(images);
    // With sharp behind it, as the servers run, the answer is as quick (nothing is allocated).
    const withSharp = createHarness();
    const started = performance.now();
    expect((await upload(withSharp, bomb, 'image/png')).status).toBe(413);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  test('sharp refuses the bomb by its header too, should a header get past the core', async () => {
    const started = performance.now();
    await expect(sharpReencoder(pngBomb(), { ext: 'png', mime: 'image/png' })).rejects.toThrow(
      /pixel limit/,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  test(`At most ${MAX_IMAGE_PIXELS} pixels in all: one row or column more answers 413, a long thin banner is stored`, async () => {
    const h = createHarness();
    for (const [width, height] of [
      [4097, 4096],
      [4096, 4097],
    ] as const) {
      const { status, json } = await upload(h, await plainPng(width, height), 'image/png');
      expect(status, `${width} × ${height}`).toBe(413);
      expect(json.Code).toBe('payload-too-large');
    }
    // Refused by its side before (issue 54): 5000 × 4 px, 20 000 pixels.
    const banner = await upload(h, await plainPng(5000, 4), 'image/png');
    expect(banner.status).toBe(200);
    const largest = await upload(h, await plainPng(4096, 4096), 'image/png');
    expect(largest.status).toBe(200);
    const stored = await sharp(storedBytes(h, largest.json.imageUrl)).metadata();
    expect([stored.width, stored.height]).toEqual([4096, 4096]);
    expect(4096 * 4096).toBe(MAX_IMAGE_PIXELS);
  });

  test('The 413 for too many pixels reads natively in Finnish and Swedish', async () => {
    const h = createHarness({ reencodeImage: unreachable() });
    const answer = async (language: string) =>
      (
        await h.call('uploadCouponImage', {
          as: 'content-manager',
          path: { id: 3 },
          body: pngBomb(),
          contentType: 'image/png',
          headers: { 'accept-language': language },
        })
      ).json.UserMessage;
    expect(await answer('fi')).toBe(
      'Kuva on liian suuri. Siinä saa olla enintään 16 777 216 pikseliä (esimerkiksi 4096 × 4096). Pienennä kuvaa ja lataa se uudelleen.',
    );
    expect(await answer('sv')).toBe(
      'Bilden är för stor. Den får ha högst 16 777 216 pixlar (till exempel 4096 × 4096). Förminska bilden och ladda upp den igen.',
    );
  });

  test('A JPEG followed by a ZIP (a polyglot that still ends in FF D9) is refused with 415, never decoded', async () => {
    const polyglot = jpegZipPolyglot();
    expect([...polyglot.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(contains(polyglot, ZIP_SIGNATURE)).toBe(true);
    const reencode = unreachable();
    const h = createHarness({ reencodeImage: reencode });
    const images = h.state.db.image.count();
    const { status, json } = await upload(h, polyglot, 'image/jpeg');
    expect(status).toBe(415);
    expect(json).toEqual({
      UserMessage:
        'The image file is damaged or incomplete. Save the image again as a JPG or PNG and upload that.',
      Code: 'unsupported-media-type',
    });
    expect(reencode).not.toHaveBeenCalled();
    expect(h.state.db.image.count()).toBe(images);
  });

  test('A ZIP hidden in a JPEG comment segment is not stored: only the pixels are', async () => {
    const h = createHarness();
    const hidden = jpegWithZipInComment();
    expect(contains(hidden, ZIP_SIGNATURE)).toBe(true);
    const { status, json } = await upload(h, hidden, 'image/jpeg');
    expect(status).toBe(200);
    const stored = storedBytes(h, json.imageUrl);
    expect(contains(stored, ZIP_SIGNATURE)).toBe(false);
    expect(contains(stored, '<script>')).toBe(false);
    expect(jpegEnd(stored)).toBe(stored.byteLength);
  });

  test('A whole PNG whose pixels do not decode answers 415 (damaged) and nothing is stored', async () => {
    const h = createHarness();
    const images = h.state.db.image.count();
    const { status, json } = await upload(h, pngWithoutPixels(), 'image/png');
    expect(status).toBe(415);
    expect(json.UserMessage).toBe(
      'The image file is damaged or incomplete. Save the image again as a JPG or PNG and upload that.',
    );
    expect(h.state.db.image.count()).toBe(images);
  });

  test('The re-encoder gets the kind the content has, and its bytes are what is stored', async () => {
    const clean = tinyPng();
    const reencode = vi.fn<ImageReencoder>(() => Promise.resolve(clean));
    const h = createHarness({ reencodeImage: reencode });
    const { json } = await upload(h, pngWithScript(), 'image/jpeg');
    expect(reencode).toHaveBeenCalledWith(pngWithScript(), { ext: 'png', mime: 'image/png' });
    expect(storedBytes(h, json.imageUrl)).toEqual(clean);
  });
});

describe('image helpers', () => {
  test('Sniffing tells JPEG and PNG apart by content and rejects anything else', async () => {
    expect(await sniffImage(tinyJpeg())).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(await sniffImage(tinyPng())).toEqual({ ext: 'png', mime: 'image/png' });
    expect(await sniffImage(new TextEncoder().encode('%PDF-1.7\n'))).toBeNull();
    expect(await sniffImage(new Uint8Array(0))).toBeNull();
  });

  test('A JPEG ends where its segments say, not at the first FF D9', async () => {
    const jpeg = tinyJpeg();
    expect(jpegEnd(jpeg)).toBe(jpeg.byteLength);
    // An EXIF block with its own thumbnail-like bytes and a ZIP in a comment are skipped whole.
    const photo = await jpegWithGps();
    expect(jpegEnd(photo)).toBe(photo.byteLength);
    expect(jpegEnd(jpegWithZipInComment())).toBe(jpegWithZipInComment().byteLength);
    expect(jpegEnd(jpegZipPolyglot())).toBe(jpeg.byteLength);
    expect(jpegEnd(jpeg.subarray(0, jpeg.byteLength - 2))).toBeNull();
    expect(jpegEnd(jpeg.subarray(0, 40))).toBeNull();
    expect(jpegEnd(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toBe(4);
    expect(jpegEnd(tinyPng())).toBeNull();
  });

  test('Image names are 32 random hex characters and the extension, never repeated', () => {
    const names = new Set(
      Array.from({ length: 100 }, () => newImageName({ ext: 'png', mime: 'image/png' })),
    );
    expect(names.size).toBe(100);
    for (const name of names) expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
  });

  test('The PNG writer uses the standard CRC-32 and Adler-32 and is deterministic', () => {
    const digits = new TextEncoder().encode('123456789');
    expect(crc32(digits)).toBe(0xcbf43926);
    expect(adler32(digits)).toBe(0x091e01de);
    const draw = (x: number, y: number) => [x * 10, y * 10, 0] as const;
    expect(encodePng(4, 3, draw)).toEqual(encodePng(4, 3, draw));
  });

  test('The stored zlib stream inflates back to its data, across several blocks', () => {
    const data = Uint8Array.from({ length: 150_000 }, (_, i) => (i * 7) % 251);
    expect(new Uint8Array(inflateSync(zlibStored(data)))).toEqual(data);
    expect(new Uint8Array(inflateSync(zlibStored(new Uint8Array(0))))).toEqual(new Uint8Array(0));
  });

  test('Base64 round-trips bytes of every value', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => i % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(toBase64(new Uint8Array([0xff, 0xd8, 0xff]))).toBe('/9j/');
  });
});

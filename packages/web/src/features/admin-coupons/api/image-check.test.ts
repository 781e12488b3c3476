import { describe, expect, test } from 'vitest';
import { checkImage, MAX_IMAGE_BYTES, sniffImage } from './image-check.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff, 0xe0];

describe('coupon image check', () => {
  test('the first bytes tell a PNG and a JPEG from anything else', () => {
    expect(sniffImage(Uint8Array.from(PNG_SIGNATURE))).toBe('image/png');
    expect(sniffImage(Uint8Array.from(JPEG_SIGNATURE))).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('hello, world'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  test('a real PNG passes and a text file named .png is refused', async () => {
    const png = new File([Uint8Array.from(PNG_SIGNATURE)], 'a.png', { type: 'image/png' });
    expect(await checkImage(png)).toEqual({ ok: true, mime: 'image/png' });
    const fake = new File(['not an image'], 'fake.png', { type: 'image/png' });
    expect(await checkImage(fake)).toEqual({ ok: false, problem: 'wrong-type' });
  });

  test('a JPEG under a .png name is sent as the JPEG it is', async () => {
    const file = new File([Uint8Array.from(jpegBytes())], 'photo.png', { type: 'image/png' });
    expect(await checkImage(file)).toEqual({ ok: true, mime: 'image/jpeg' });
  });

  test('a file over 2 MB or of another kind is refused by size or type', async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG_SIGNATURE);
    expect(await checkImage(new File([big], 'big.png', { type: 'image/png' }))).toEqual({
      ok: false,
      problem: 'too-large',
    });
    const exact = new Uint8Array(MAX_IMAGE_BYTES);
    exact.set(PNG_SIGNATURE);
    expect(await checkImage(new File([exact], 'max.png', { type: 'image/png' }))).toEqual({
      ok: true,
      mime: 'image/png',
    });
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    expect(await checkImage(gif)).toEqual({ ok: false, problem: 'wrong-type' });
  });
});

function jpegBytes(): number[] {
  return [...JPEG_SIGNATURE, 0x00, 0x10, 0x4a, 0x46];
}

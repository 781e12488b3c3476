import { MEGABYTE, validateFile } from '../../../ui/index.ts';

/** Spec §5/§9: a coupon image is a JPG or PNG of at most 2 MB. */
export const MAX_IMAGE_BYTES = 2 * MEGABYTE;
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export type ImageMime = 'image/jpeg' | 'image/png';
export type ImageProblem = 'too-large' | 'wrong-type';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/** The type of an image by its first bytes (as the server decides), or null. */
export function sniffImage(head: Uint8Array): ImageMime | null {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  return null;
}

/** The first `length` bytes of a file (all of it when `length` is left out). */
export async function readBytes(file: Blob, length?: number): Promise<Uint8Array> {
  const slice = length === undefined ? file : file.slice(0, length);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = reader.result;
      if (result instanceof ArrayBuffer) resolve(new Uint8Array(result));
      else reject(new Error('Could not read the file'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(slice);
  });
}

/**
 * Checks a chosen image in the browser before anything is sent: the name or declared type, the
 * size (at most 2 MB), and the content's signature (a text file named `.png` is refused). The
 * server checks the same again.
 */
export async function checkImage(
  file: File,
): Promise<{ ok: true; mime: ImageMime } | { ok: false; problem: ImageProblem }> {
  const problem = validateFile(file, { accept: IMAGE_ACCEPT, maxBytes: MAX_IMAGE_BYTES });
  if (problem !== null) return { ok: false, problem };
  const mime = sniffImage(await readBytes(file, PNG.length));
  return mime === null ? { ok: false, problem: 'wrong-type' } : { ok: true, mime };
}

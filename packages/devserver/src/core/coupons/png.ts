/**
 * A tiny PNG writer for the seed's coupon pictures and the tests' real PNG files, with no image
 * library and no Node built-ins (the core also runs in the browser under MSW): indexed colour
 * (1, 2, 4 or 8 bits per pixel) and a zlib stream of stored, uncompressed deflate blocks.
 * Deterministic: the same drawing gives the same bytes.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309), as PNG chunks carry it. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Adler-32, the checksum that ends a zlib stream. */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

class ByteWriter {
  private readonly parts: number[] = [];

  byte(value: number): this {
    this.parts.push(value & 0xff);
    return this;
  }

  u16le(value: number): this {
    return this.byte(value).byte(value >>> 8);
  }

  u32be(value: number): this {
    return this.byte(value >>> 24)
      .byte(value >>> 16)
      .byte(value >>> 8)
      .byte(value);
  }

  bytes(values: ArrayLike<number>): this {
    for (let i = 0; i < values.length; i++) this.byte(values[i] ?? 0);
    return this;
  }

  ascii(text: string): this {
    for (let i = 0; i < text.length; i++) this.byte(text.charCodeAt(i));
    return this;
  }

  done(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

/** A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4). */
export function zlibStored(data: Uint8Array): Uint8Array {
  const out = new ByteWriter().byte(0x78).byte(0x01);
  const BLOCK = 65535;
  let offset = 0;
  do {
    const length = Math.min(BLOCK, data.length - offset);
    const last = offset + length >= data.length;
    out
      .byte(last ? 1 : 0)
      .u16le(length)
      .u16le(~length & 0xffff)
      .bytes(data.subarray(offset, offset + length));
    offset += length;
  } while (offset < data.length);
  return out.u32be(adler32(data)).done();
}

function chunk(out: ByteWriter, type: string, data: Uint8Array): void {
  const typed = new ByteWriter().ascii(type).bytes(data).done();
  out.u32be(data.length).bytes(typed).u32be(crc32(typed));
}

export type Rgb = readonly [number, number, number];

/** An indexed-colour PNG drawn by `pixel(x, y) → [r, g, b]` (at most 256 colours). */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
): Uint8Array {
  const palette: Rgb[] = [];
  const indexOf = new Map<string, number>();
  const indices: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = pixel(x, y);
      const key = colour.join(',');
      let index = indexOf.get(key);
      if (index === undefined) {
        index = palette.length;
        if (index === 256) throw new Error('encodePng draws at most 256 colours');
        palette.push(colour);
        indexOf.set(key, index);
      }
      indices.push(index);
    }
  }
  const depth = palette.length <= 2 ? 1 : palette.length <= 4 ? 2 : palette.length <= 16 ? 4 : 8;
  const rowBytes = Math.ceil((width * depth) / 8);
  const raw = new Uint8Array(height * (1 + rowBytes));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + rowBytes); // filter byte 0 (none) stays
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const at = row + 1 + (bit >> 3);
      const shift = 8 - depth - (bit & 7);
      raw[at] = (raw[at] ?? 0) | ((indices[y * width + x] ?? 0) << shift);
    }
  }
  const header = new ByteWriter()
    .u32be(width)
    .u32be(height)
    .byte(depth)
    .byte(3) // colour type: indexed
    .byte(0) // compression
    .byte(0) // filter
    .byte(0) // interlace
    .done();
  const out = new ByteWriter().bytes(SIGNATURE);
  chunk(out, 'IHDR', header);
  chunk(out, 'PLTE', Uint8Array.from(palette.flat()));
  chunk(out, 'IDAT', zlibStored(raw));
  chunk(out, 'IEND', new Uint8Array(0));
  return out.done();
}

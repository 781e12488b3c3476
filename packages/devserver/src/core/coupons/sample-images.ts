import { encodePng } from './png.ts';

/** A real 2×2 PNG (teal), for tests and QA scripts. */
export function tinyPng(): Uint8Array {
  return encodePng(2, 2, () => [42, 157, 143]);
}

const hex = (text: string): number[] =>
  (text.replace(/\s/g, '').match(/../g) ?? []).map((pair) => parseInt(pair, 16));

/**
 * A real 8×8 baseline JPEG (mid grey), written out by hand: JFIF header, a quantisation table of
 * ones, one DC and one AC Huffman table with a single one-bit code each, and one block whose DC
 * difference is 0 followed by end-of-block.
 */
export function tinyJpeg(): Uint8Array {
  return Uint8Array.from([
    // SOI; APP0 "JFIF\0" 1.01, no density units, 1:1, no thumbnail
    ...hex('ffd8 ffe0 0010 4a46494600 0101 00 0001 0001 0000'),
    // DQT: table 0, 8-bit, 64 ones
    ...hex('ffdb 0043 00'),
    ...new Array<number>(64).fill(1),
    // SOF0: 8-bit, 8×8, one component (id 1, 1×1 sampling, quantisation table 0)
    ...hex('ffc0 000b 08 0008 0008 01 01 11 00'),
    // DHT DC table 0 and AC table 0: one code of length 1 each (category 0; end-of-block)
    ...hex('ffc4 0014 00 01'),
    ...new Array<number>(15).fill(0),
    0x00,
    ...hex('ffc4 0014 10 01'),
    ...new Array<number>(15).fill(0),
    0x00,
    // SOS: one component, tables 0/0, spectral selection 0–63
    ...hex('ffda 0008 01 01 00 00 3f 00'),
    // Entropy-coded data: DC "0", EOB "0", padded with ones; EOI
    ...hex('3f ffd9'),
  ]);
}

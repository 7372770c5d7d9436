/**
 * Minimal PNG encoder (8-bit RGB, one IDAT) so the demo can save a real image artifact without an
 * image library.
 */
import { crc32, deflateSync } from "node:zlib";

export type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    rows[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      rows[o++] = r;
      rows[o++] = g;
      rows[o++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

/** A bar chart of `values` (0–40), one bar per value, on a light background. */
export function barChartPng(values: readonly number[], width = 160, height = 90): Buffer {
  const barWidth = Math.floor(width / Math.max(1, values.length));
  return encodePng(width, height, (x, y) => {
    const i = Math.floor(x / barWidth);
    const v = values[i];
    if (v === undefined || x % barWidth < 3) return [248, 248, 250];
    const top = height - Math.round((Math.min(40, Math.max(0, v)) / 40) * (height - 6));
    return y >= top ? [66, 133, 244] : [248, 248, 250];
  });
}

import { Canvas } from "../png";

/** A 2×2 red PNG, generated rather than pasted. */
export const RED_PNG = (() => {
  const canvas = new Canvas(2, 2);
  canvas.fill(() => [255, 0, 0]);
  return canvas.toPng().toString("base64");
})();

/** A 10 ms silent mono 8 kHz 16-bit WAV. */
export const SILENT_WAV = (() => {
  const samples = 80;
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]).toString("base64");
})();

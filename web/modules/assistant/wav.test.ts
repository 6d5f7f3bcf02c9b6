import { describe, expect, it } from "vitest";
import { encodeWav, toBase64 } from "./wav";

describe("encodeWav", () => {
  it("writes a 16 kHz mono 16-bit PCM header the server's recogniser accepts", () => {
    const wav = encodeWav(new Float32Array([0, 0.5, -0.5, 1, -1, 2]));
    const view = new DataView(wav.buffer);
    const text = (offset: number) => String.fromCharCode(...wav.subarray(offset, offset + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(12);
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    // Full scale either way, and a sample past it clipped rather than wrapped round.
    expect([0, 1, 2, 3, 4, 5].map((index) => view.getInt16(44 + index * 2, true))).toEqual([
      0, 16383, -16384, 32767, -32768, 32767,
    ]);
  });

  it("encodes long recordings to base64 without running out of stack", () => {
    const bytes = new Uint8Array(300_000).map((_, index) => index % 256);
    expect(Buffer.from(toBase64(bytes), "base64").equals(Buffer.from(bytes))).toBe(true);
  });
});

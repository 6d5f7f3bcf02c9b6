declare module "heic-decode" {
  interface HeicImage {
    width: number;
    height: number;
    /** Decodes to RGBA pixels; only then is the bitmap allocated. */
    decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  }
  type HeicImages = HeicImage[] & { dispose(): void };
  function decode(input: { buffer: Uint8Array }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  namespace decode {
    function all(input: { buffer: Uint8Array }): Promise<HeicImages>;
  }
  export default decode;
}

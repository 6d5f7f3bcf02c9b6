/**
 * What compressing an API answer costs against what it saves, for the threshold and the levels of
 * server/plugins/response-compression.ts. In this process (compression is CPU alone): real task
 * list JSON of our API cut to 1…200 tasks, each compressed with each candidate setting, the median
 * of several timed rounds after a warm-up.
 *
 * "Break-even link" is the speed at which the CPU time equals the transfer time the saved bytes
 * would take: on any slower link the client has the answer sooner compressed. Phones on mobile
 * networks see 5–50 Mbit/s.
 */
import zlib from "node:zlib";

export interface CompressionSetting {
  name: string;
  compress: (text: string) => Buffer;
}

const brotli = (quality: number) => (text: string) =>
  zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
const gzip = (level: number) => (text: string) => zlib.gzipSync(text, { level });

export const COMPRESSION_SETTINGS: CompressionSetting[] = [
  { name: "br 1", compress: brotli(1) },
  { name: "br 4", compress: brotli(4) },
  { name: "br 5", compress: brotli(5) },
  { name: "gzip 1", compress: gzip(1) },
  { name: "gzip 6", compress: gzip(6) },
];

export interface CompressionFigure {
  tasks: number;
  bytes: number;
  setting: string;
  compressedBytes: number;
  microseconds: number;
  /** Mbit/s at which compressing costs as long as sending the saved bytes. */
  breakEvenMbps: number;
}

const ROUNDS = 7;
const ROUND_MS = 40;
const WARMUP_CALLS = 200;

function medianMicros(compress: (text: string) => Buffer, text: string): number {
  for (let i = 0; i < WARMUP_CALLS; i += 1) compress(text);
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let calls = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < BigInt(ROUND_MS * 1e6)) {
      compress(text);
      calls += 1;
      elapsed = process.hrtime.bigint() - start;
    }
    rounds.push(Number(elapsed) / 1000 / calls);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

/** `list`: a group's task list as the API answers it ({tasks:[…], …}); cut to each size in `sizes`. */
export function measureCompression(list: { tasks: unknown[] }, sizes: number[]): CompressionFigure[] {
  const figures: CompressionFigure[] = [];
  for (const tasks of sizes) {
    const text = JSON.stringify({ ...list, tasks: list.tasks.slice(0, tasks) });
    const bytes = Buffer.byteLength(text);
    for (const setting of COMPRESSION_SETTINGS) {
      const compressedBytes = setting.compress(text).length;
      const microseconds = medianMicros(setting.compress, text);
      figures.push({
        tasks,
        bytes,
        setting: setting.name,
        compressedBytes,
        microseconds,
        breakEvenMbps: ((bytes - compressedBytes) * 8) / microseconds,
      });
    }
  }
  return figures;
}

/** One row per answer size: per setting, "compressed size / µs / break-even Mbit/s". */
export function compressionTable(figures: CompressionFigure[]): string[][] {
  const settings = COMPRESSION_SETTINGS.map((setting) => setting.name);
  const sizes = [...new Set(figures.map((figure) => figure.tasks))];
  return [
    ["answer", ...settings.map((name) => `${name}: bytes, µs, break-even`)],
    ...sizes.map((tasks) => {
      const row = figures.filter((figure) => figure.tasks === tasks);
      return [
        `${tasks} task${tasks === 1 ? "" : "s"}, ${row[0]!.bytes} B`,
        ...settings.map((name) => {
          const figure = row.find((entry) => entry.setting === name)!;
          return `${figure.compressedBytes} B, ${figure.microseconds.toFixed(0)} µs, ${figure.breakEvenMbps.toFixed(0)} Mbit/s`;
        }),
      ];
    }),
  ];
}

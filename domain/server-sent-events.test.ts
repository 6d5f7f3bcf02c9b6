import { describe, expect, it } from "vitest";
import { readServerSentEvents, type ServerSentEvent } from "./server-sent-events";

/** A stream that delivers `text` cut at the given places, as a network does. */
function streamOf(text: string, cuts: number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const edges = [0, ...cuts, bytes.length];
  return new ReadableStream({
    start(controller) {
      for (let index = 0; index < edges.length - 1; index += 1) {
        controller.enqueue(bytes.slice(edges[index], edges[index + 1]));
      }
      controller.close();
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(stream)) events.push(event);
  return events;
}

describe("readServerSentEvents", () => {
  const text =
    ': a comment\nevent: text\ndata: {"text":"Hé"}\n\ndata: first\r\ndata: second\r\n\nid: 7\nretry: 10\ndata:[DONE]';

  it("reads events and their data lines however the bytes are cut, a character split included", async () => {
    const expected = [
      { event: "text", data: '{"text":"Hé"}' },
      { event: "message", data: "first\nsecond" },
      { event: "message", data: "[DONE]" },
    ];
    expect(await read(streamOf(text, []))).toEqual(expected);
    // "é" is two bytes in UTF-8: cut between them, and between "\r" and "\n".
    const split = new TextEncoder().encode(text.slice(0, text.indexOf("é"))).length + 1;
    expect(await read(streamOf(text, [3, split, text.indexOf("\r") + 1, 60]))).toEqual(expected);
    expect(
      await read(
        streamOf(
          text,
          Array.from({ length: 70 }, (_, index) => index + 1),
        ),
      ),
    ).toEqual(expected);
  });
});

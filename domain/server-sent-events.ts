/**
 * Server-sent events read from a byte stream, one at a time: the `event` and `data` fields of the
 * WHATWG format (comments and other fields skipped). The assistant reads a model's stream on the
 * server with it, and the panel reads the server's stream in the browser.
 */
export interface ServerSentEvent {
  event: string;
  data: string;
}

export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  // A reader rather than `for await`: not every browser iterates a ReadableStream yet.
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  let event = "message";
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffered.split(/\r?\n/);
      buffered = done ? "" : (lines.pop() ?? "");
      for (const line of lines) {
        if (line === "") {
          // A blank line ends an event.
          if (data.length > 0) yield { event, data: data.join("\n") };
          event = "message";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (done) break;
    }
    // A stream that ends without the closing blank line still delivers its last event.
    if (data.length > 0) yield { event, data: data.join("\n") };
  } finally {
    reader.releaseLock();
  }
}

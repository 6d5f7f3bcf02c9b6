/**
 * A scripted OpenAI-protocol server on 127.0.0.1 for the assistant's tests: each request to
 * /v1/chat/completions takes the next scripted answer (streamed chunks, whole JSON, an error
 * status, or a stream that stalls), and the requests are kept for the test to read.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptedAnswer =
  /** `held`: the first chunk goes at once, the rest once it settles (a reply seen half-way). */
  | { kind: "stream"; chunks: unknown[]; held?: Promise<void> }
  | { kind: "json"; body: unknown }
  | { kind: "status"; status: number }
  | { kind: "stall" };

export interface ModelServer {
  baseUrl: string;
  /** Answers for the next requests, in order; once they run out every request gets a 500. */
  script(...answers: ScriptedAnswer[]): void;
  requests: { authorization: string | undefined; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** A streamed reply: text, then each tool call's arguments cut into fragments of `size` characters. */
export function streamedToolCalls(text: string, calls: { name: string; arguments: string }[], size = 7): unknown[] {
  const chunks: unknown[] = [{ choices: [{ delta: { role: "assistant", content: text } }] }];
  calls.forEach((call, index) => {
    chunks.push({
      choices: [
        { delta: { tool_calls: [{ index, id: `call_${index}`, function: { name: call.name, arguments: "" } }] } },
      ],
    });
    for (let start = 0; start < call.arguments.length; start += size)
      chunks.push({
        choices: [
          { delta: { tool_calls: [{ index, function: { arguments: call.arguments.slice(start, start + size) } }] } },
        ],
      });
  });
  chunks.push({ choices: [{ delta: {}, finish_reason: "tool_calls" }] });
  return chunks;
}

export async function startModelServer(): Promise<ModelServer> {
  const queue: ScriptedAnswer[] = [];
  const requests: ModelServer["requests"] = [];
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      requests.push({
        authorization: request.headers.authorization,
        body: JSON.parse(raw || "{}") as Record<string, unknown>,
      });
      const answer = queue.shift() ?? { kind: "status", status: 500 };
      switch (answer.kind) {
        case "status":
          response.writeHead(answer.status, { "content-type": "application/json" });
          response.end(JSON.stringify({ error: { message: "scripted failure" } }));
          return;
        case "json":
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify(answer.body));
          return;
        case "stream":
          response.writeHead(200, { "content-type": "text/event-stream" });
          void (async () => {
            for (const [index, chunk] of answer.chunks.entries()) {
              if (index === 1) await answer.held;
              response.write(`data: ${JSON.stringify(chunk)}\n\n`);
            }
            response.end("data: [DONE]\n\n");
          })();
          return;
        case "stall":
          response.writeHead(200, { "content-type": "text/event-stream" });
          response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "Let me th" } }] })}\n\n`);
          stalled.add(response);
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    script: (...answers) => queue.push(...answers),
    requests,
    async close() {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

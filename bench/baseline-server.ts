/**
 * Benchmark baseline: a bare Fastify hello-world with the logger off. It is the ceiling our app is
 * compared against, measured in the same run on the same machine. Prints {"port":N} when ready.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (address === null || typeof address === "string") throw new Error("expected a TCP address");
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);

import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { databaseUnavailability } from "./availability.js";
import { availableSqliteDrivers, openSqliteConnection } from "./sqlite-connection.js";

/** An error as node-postgres builds it from a server's ErrorResponse: a message and a SQLSTATE. */
function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("databaseUnavailability", () => {
  it("recognises a PostgreSQL that will not serve connections now", () => {
    const cases: [string, string][] = [
      ["57P01", "terminating connection due to administrator command"],
      ["57P02", "terminating connection because of crash of another server process"],
      ["57P03", "the database system is shutting down"],
      ["53300", "sorry, too many clients already"],
      ["08006", "connection failure"],
      ["55000", 'database "tandem" is not currently accepting connections'],
    ];
    for (const [code, message] of cases)
      expect(databaseUnavailability(postgresError(code, message)), code).toBe("unreachable");
    for (const message of [
      "Connection terminated unexpectedly",
      "Connection terminated due to connection timeout",
      "timeout exceeded when trying to connect",
    ])
      expect(databaseUnavailability(new Error(message)), message).toBe("unreachable");
  });

  it("leaves errors of the request or the code alone", () => {
    expect(databaseUnavailability(postgresError("23505", "duplicate key value violates unique constraint"))).toBeNull();
    expect(databaseUnavailability(postgresError("22P02", "invalid input syntax for type uuid"))).toBeNull();
    expect(databaseUnavailability(postgresError("55000", "cannot ALTER TYPE while it is in use"))).toBeNull();
    expect(databaseUnavailability(new TypeError("Cannot read properties of undefined"))).toBeNull();
    expect(databaseUnavailability("not an error")).toBeNull();
  });

  it("calls a refused connection a network failure, to be confirmed against the database", async () => {
    // A port nobody listens on: node-postgres's own error, as the pool would throw it.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const client = new pg.Client({ host: "127.0.0.1", port, connectionTimeoutMillis: 1_000 });
    const refused = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(databaseUnavailability(refused)).toBe("network");
    // Wrapped, as Node's AggregateError does for a host name with several addresses.
    expect(databaseUnavailability(new AggregateError([refused], "connect failed"))).toBe("network");
    expect(databaseUnavailability(new Error("wrapped", { cause: postgresError("57P01", "x") }))).toBe("unreachable");
  });

  it.each(availableSqliteDrivers())(
    "calls SQLite's write lock held past the busy timeout busy, and a file it cannot open unreachable (%s)",
    (driver) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-availability-"));
      try {
        const file = path.join(dir, "test.sqlite");
        const holder = openSqliteConnection(file, driver);
        holder.exec("create table t (x integer)");
        holder.exec("begin immediate");
        const other = openSqliteConnection(file, driver);
        other.exec("pragma busy_timeout = 0");
        let busy: unknown;
        try {
          other.exec("insert into t values (1)");
        } catch (error) {
          busy = error;
        }
        expect(databaseUnavailability(busy)).toBe("busy");
        holder.exec("rollback");
        holder.close();
        other.close();

        let cannotOpen: unknown;
        try {
          // A directory where the file should be.
          openSqliteConnection(dir, driver).prepare("select 1").get();
        } catch (error) {
          cannotOpen = error;
        }
        expect(databaseUnavailability(cannotOpen)).toBe("unreachable");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

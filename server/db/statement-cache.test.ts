import { type Generated, Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { availableSqliteDrivers, openSqliteConnection } from "./sqlite-connection.js";
import type { SqliteConnection, SqliteDriverName } from "./sqlite-driver.js";
import { withStatementCache } from "./statement-cache.js";

const open: SqliteConnection[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
});

describe.each(availableSqliteDrivers())("withStatementCache on %s", (driver: SqliteDriverName) => {
  function memoryDatabase() {
    const connection = openSqliteConnection(":memory:", driver);
    open.push(connection);
    return connection;
  }

  it("prepares each SQL text once and hands back the same statement", () => {
    const cache = withStatementCache(memoryDatabase());
    const first = cache.prepare("select 1 as one");
    expect(cache.prepare("select 1 as one")).toBe(first);
    expect(cache.prepare("select 2 as two")).not.toBe(first);
  });

  it("drops the least recently used statement past its capacity", () => {
    const cache = withStatementCache(memoryDatabase(), 2);
    const a = cache.prepare("select 'a'");
    const b = cache.prepare("select 'b'");
    cache.prepare("select 'a'"); // a is now the most recent, b the least
    cache.prepare("select 'c'"); // evicts b
    expect(cache.prepare("select 'a'")).toBe(a);
    expect(cache.prepare("select 'b'")).not.toBe(b);
  });

  it("gives Kysely correct results across writes, reads, transactions and schema changes", async () => {
    const db = new Kysely<{ item: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(memoryDatabase()) }),
    });
    await db.schema
      .createTable("item")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("name", "text")
      .execute();
    for (const name of ["milk", "eggs", "bread"]) await db.insertInto("item").values({ name }).execute();
    const names = async () =>
      (await db.selectFrom("item").select("name").orderBy("id").execute()).map((row) => row.name);
    expect(await names()).toEqual(["milk", "eggs", "bread"]);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom("item").execute();
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await names()).toEqual(["milk", "eggs", "bread"]);

    // A statement prepared before a schema change still sees the new schema, read by all() and by get().
    const firstRow = async () => (await sql`select * from item order by id limit 1`.execute(db)).rows[0];
    expect(await firstRow()).toEqual({ id: 1, name: "milk" });
    const streamed = async () => {
      for await (const row of db.selectFrom("item").selectAll().orderBy("id").stream()) return row;
    };
    expect(await streamed()).toEqual({ id: 1, name: "milk" });
    await sql`alter table item add column done integer not null default 0`.execute(db);
    expect(await firstRow()).toEqual({ id: 1, name: "milk", done: 0 });
    expect(await streamed()).toEqual({ id: 1, name: "milk", done: 0 });
    await db.destroy();
  });
});

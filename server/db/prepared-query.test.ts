import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { preparedQuery } from "./prepared-query.js";
import { availableSqliteDrivers, openSqliteConnection } from "./sqlite-connection.js";
import type { SqliteDriverName } from "./sqlite-driver.js";

interface TestDB {
  items: { id: string; owner: string; title: string };
}

let db: Kysely<TestDB> | undefined;
afterEach(async () => {
  await db?.destroy();
});

describe.each(availableSqliteDrivers())("preparedQuery on %s", (driver: SqliteDriverName) => {
  function open(): Kysely<TestDB> {
    const connection = openSqliteConnection(":memory:", driver);
    connection.exec("create table items (id text primary key, owner text, title text)");
    connection.exec("insert into items values ('a', 'ann', 'Apples'), ('b', 'ann', 'Bread'), ('c', 'bob', 'Cheese')");
    db = new Kysely<TestDB>({ dialect: new SqliteDialect({ database: connection }) });
    return db;
  }

  test("runs the compiled query with each call's own values", async () => {
    const database = open();
    const ownedItem = preparedQuery((kysely: Kysely<TestDB>, id: string, owner: string) =>
      kysely.selectFrom("items").select(["id", "title"]).where("id", "=", id).where("owner", "=", owner),
    );
    expect(await ownedItem(database, "a", "ann")).toEqual([{ id: "a", title: "Apples" }]);
    expect(await ownedItem(database, "c", "bob")).toEqual([{ id: "c", title: "Cheese" }]);
    expect(await ownedItem(database, "c", "ann")).toEqual([]);
    // A transaction is a Kysely instance of its own; the same compiled query serves it.
    expect(await database.transaction().execute((trx) => ownedItem(trx, "b", "ann"))).toEqual([
      { id: "b", title: "Bread" },
    ]);
  });

  test("keeps constants of the query and allows an argument to be bound more than once", async () => {
    const database = open();
    const titled = preparedQuery((kysely: Kysely<TestDB>, word: string) =>
      kysely
        .selectFrom("items")
        .select("id")
        .where((eb) => eb.or([eb("title", "=", word), eb("owner", "=", word)]))
        .where("id", "!=", "zzz")
        .orderBy("id"),
    );
    expect(await titled(database, "ann")).toEqual([{ id: "a" }, { id: "b" }]);
    expect(await titled(database, "Cheese")).toEqual([{ id: "c" }]);
  });

  test("refuses a builder that turns an argument into SQL text instead of a bound value", async () => {
    const database = open();
    const literal = preparedQuery((kysely: Kysely<TestDB>, owner: string) =>
      kysely.selectFrom("items").select("id").where("owner", "=", sql.lit(owner)),
    );
    await expect(literal(database, "ann")).rejects.toThrow(/argument 0 must be used as a bound value/);
  });
});

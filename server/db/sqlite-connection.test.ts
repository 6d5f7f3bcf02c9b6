import { spawnSync } from "node:child_process";
import path from "node:path";
import { type Generated, Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../env.js";
import { loadBetterSqlite3 } from "./sqlite-better.js";
import { availableSqliteDrivers, openSqliteConnection, sqliteDriverFor } from "./sqlite-connection.js";
import { type SqliteConnection, SqliteDriverError, type SqliteDriverName } from "./sqlite-driver.js";
import { withStatementCache } from "./statement-cache.js";

const open: SqliteConnection[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
});

/** Node 22.16, 23.11 and 24 have node:sqlite with what Kysely needs; older ones need better-sqlite3. */
function hasBuiltInSqlite(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  return major >= 24 || (major === 23 && minor >= 11) || (major === 22 && minor >= 16);
}

function errorOf(action: () => unknown): { code?: unknown; message?: unknown } {
  try {
    action();
  } catch (error) {
    return error as { code?: unknown; message?: unknown };
  }
  throw new Error("expected an error");
}

describe("choosing the SQLite driver", () => {
  it("uses Node's built-in SQLite where the runtime has it, better-sqlite3 elsewhere", () => {
    expect(sqliteDriverFor(undefined)).toBe(hasBuiltInSqlite() ? "node:sqlite" : "better-sqlite3");
    expect(availableSqliteDrivers()[0]).toBe(sqliteDriverFor(undefined));
    expect(sqliteDriverFor("better-sqlite3")).toBe("better-sqlite3");
  });

  it("refuses an unknown SQLITE_DRIVER in one line naming the variable", () => {
    expect(() => sqliteDriverFor("sqlite3")).toThrow(
      'Invalid configuration: SQLITE_DRIVER must be node:sqlite or better-sqlite3 (got "sqlite3")',
    );
  });

  it("says in one line how to install better-sqlite3 where it is missing", () => {
    const error = errorOf(() => loadBetterSqlite3("better-sqlite3-that-is-not-installed"));
    expect(error).toBeInstanceOf(SqliteDriverError);
    expect(error.message).toContain("npm install better-sqlite3");
    expect(error.message).not.toContain("\n");
  });

  if (hasBuiltInSqlite())
    it("prints no ExperimentalWarning for node:sqlite, and lets other warnings through", () => {
      const script = [
        `import { openSqliteConnection } from "./server/db/sqlite-connection.ts";`,
        `openSqliteConnection(":memory:", "node:sqlite").prepare("select 1").get();`,
        `process.emitWarning("another feature", "ExperimentalWarning");`,
      ].join("\n");
      const tsx = path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "cli.mjs");
      const child = spawnSync(process.execPath, [tsx, "-e", script], { cwd: PROJECT_ROOT, encoding: "utf8" });
      expect(child.status).toBe(0);
      expect(child.stderr).not.toContain("SQLite is an experimental feature");
      expect(child.stderr).toContain("ExperimentalWarning: another feature");
    });
});

describe.each(availableSqliteDrivers())("a SQLite connection on %s", (driver: SqliteDriverName) => {
  function memoryDatabase(): SqliteConnection {
    const connection = openSqliteConnection(":memory:", driver);
    open.push(connection);
    connection.exec("pragma foreign_keys = ON");
    connection.exec(`
      create table list (id integer primary key, name text not null unique);
      create table item (id integer primary key, list integer references list (id), title text, data blob)`);
    return connection;
  }

  it("tells statements that return rows from those that do not, as Kysely needs", () => {
    const connection = memoryDatabase();
    expect(connection.driver).toBe(driver);
    expect(connection.prepare("select 1").reader).toBe(true);
    expect(connection.prepare("insert into list (name) values ('a') returning id").reader).toBe(true);
    expect(connection.prepare("pragma journal_mode").reader).toBe(true);
    expect(connection.prepare("insert into list (name) values ('a')").reader).toBe(false);
    expect(connection.prepare("update list set name = 'b'").reader).toBe(false);
    expect(connection.prepare("begin").reader).toBe(false);
  });

  it("reports the rows a write changed and the last row it inserted", () => {
    const connection = memoryDatabase();
    const insert = connection.prepare("insert into list (name) values (?)");
    expect(insert.run(["groceries"])).toEqual({ changes: 1, lastInsertRowid: 1 });
    expect(insert.run(["chores"])).toEqual({ changes: 1, lastInsertRowid: 2 });
    expect(connection.prepare("update list set name = name || '!'").run([])).toMatchObject({ changes: 2 });
    expect(connection.prepare("insert into list (name) values (?) returning id, name").all(["work"])).toEqual([
      { id: 3, name: "work" },
    ]);
    const rows = connection.prepare("select name from list order by id").all([]);
    expect(rows).toEqual([{ name: "groceries!" }, { name: "chores!" }, { name: "work" }]);
    // Plain objects, as code that calls their methods (hasOwnProperty, toString) expects.
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it("binds parameters alike on every driver and reads BLOBs as Buffers", () => {
    const connection = memoryDatabase();
    const typed = connection.prepare("select ? as value, typeof(?) as type");
    const read = (value: unknown) => typed.get([value, value]);
    expect(read("milk")).toEqual({ value: "milk", type: "text" });
    expect(read(7)).toEqual({ value: 7, type: "real" });
    expect(read(2.5)).toEqual({ value: 2.5, type: "real" });
    expect(read(2n)).toEqual({ value: 2, type: "integer" });
    expect(read(null)).toEqual({ value: null, type: "null" });
    expect(read(undefined)).toEqual({ value: null, type: "null" });
    expect(read(true)).toEqual({ value: 1, type: "integer" });
    expect(read(false)).toEqual({ value: 0, type: "integer" });
    expect(() => read({ title: "milk" })).toThrow(TypeError);
    expect(() => read(new Date())).toThrow(TypeError);

    connection.prepare("insert into item (title, data) values (?, ?)").run(["photo", Buffer.from([0, 1, 254])]);
    const row = connection.prepare("select data from item").get() as { data: unknown };
    expect(Buffer.isBuffer(row.data)).toBe(true);
    expect([...(row.data as Buffer)]).toEqual([0, 1, 254]);
    const [streamed] = [...connection.prepare("select data from item").iterate([])] as { data: unknown }[];
    expect(Buffer.isBuffer(streamed?.data)).toBe(true);
  });

  it("names SQLite's errors by their code as our error handling reads them", () => {
    const connection = memoryDatabase();
    connection.prepare("insert into list (name) values ('groceries')").run([]);
    const foreignKey = errorOf(() => connection.prepare("insert into item (list) values (?)").run([42]));
    expect(foreignKey).toMatchObject({
      code: "SQLITE_CONSTRAINT_FOREIGNKEY",
      message: "FOREIGN KEY constraint failed",
    });
    const unique = errorOf(() => connection.prepare("insert into list (name) values (?)").run(["groceries"]));
    expect(unique).toMatchObject({ code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(errorOf(() => connection.prepare("insert into list (name) values (null)").run([]))).toMatchObject({
      code: "SQLITE_CONSTRAINT_NOTNULL",
    });
    expect(errorOf(() => connection.prepare("selec 1"))).toMatchObject({ code: "SQLITE_ERROR" });
    expect(errorOf(() => connection.exec("insert into nowhere values (1)"))).toMatchObject({ code: "SQLITE_ERROR" });
  });

  it("runs Kysely's queries and transactions: commit, rollback and savepoints", async () => {
    const db = new Kysely<{ list: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(memoryDatabase()) }),
    });
    const inserted = await db.insertInto("list").values({ name: "groceries" }).executeTakeFirstOrThrow();
    expect(inserted.insertId).toBe(1n);
    await db.transaction().execute((trx) => trx.insertInto("list").values({ name: "chores" }).execute());
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("list").values({ name: "lost" }).execute();
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");

    const trx = await db.startTransaction().execute();
    await trx.insertInto("list").values({ name: "kept" }).execute();
    const saved = await trx.savepoint("before_mistake").execute();
    await saved.insertInto("list").values({ name: "mistake" }).execute();
    await saved.rollbackToSavepoint("before_mistake").execute();
    await trx.commit().execute();

    const names = await db.selectFrom("list").select("name").orderBy("id").execute();
    expect(names.map((row) => row.name)).toEqual(["groceries", "chores", "kept"]);
    const updated = await db
      .updateTable("list")
      .set({ name: sql`upper(name)` })
      .executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(3n);
    await db.destroy();
  });

  it("says whether it is open, and closing twice is harmless", () => {
    const connection = openSqliteConnection(":memory:", driver);
    const statement = connection.prepare("select 1 as one");
    expect(connection.isOpen).toBe(true);
    connection.close();
    connection.close();
    expect(connection.isOpen).toBe(false);
    expect(() => statement.get()).toThrow();
  });
});

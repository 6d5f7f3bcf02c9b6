import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/database.js";
import { PROJECT_ROOT } from "../../server/env.js";
import { describeEachDialect, type TestDatabase } from "../helpers/databases.js";

interface DeclaredColumn {
  name: string;
  nullable: boolean;
}

/** The files that declare tables: the core's schema and every tables.ts in a module's folder (or a part of it). */
function tableFiles(): string[] {
  const modules = path.join(PROJECT_ROOT, "server", "modules");
  return [
    path.join(PROJECT_ROOT, "server", "db", "schema.ts"),
    ...fs
      .readdirSync(modules, { recursive: true, encoding: "utf8" })
      .filter((file) => path.basename(file) === "tables.ts")
      .map((file) => path.join(modules, file))
      .sort(),
  ];
}

/**
 * The tables the hand-written types declare: `DB`'s properties name the tables and their row
 * interfaces, whose properties are the columns (nullable when the type includes `null`). Read
 * from the source with the TypeScript parser, as a reader of those files would.
 */
function declaredTables(): Map<string, DeclaredColumn[]> {
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const tableOf = new Map<string, string>();
  for (const file of tableFiles()) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isInterfaceDeclaration(node)) {
        if (node.name.text === "DB") {
          for (const member of node.members) {
            if (ts.isPropertySignature(member) && member.type) {
              tableOf.set(member.name.getText(source), member.type.getText(source));
            }
          }
        } else {
          interfaces.set(node.name.text, node);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const tables = new Map<string, DeclaredColumn[]>();
  for (const [table, interfaceName] of tableOf) {
    const declaration = interfaces.get(interfaceName);
    if (!declaration) throw new Error(`no interface ${interfaceName} for table ${table}`);
    tables.set(
      table,
      declaration.members.filter(ts.isPropertySignature).map((member) => {
        const type = member.type?.getText() ?? "";
        return { name: member.name.getText(), nullable: /\bnull\b/.test(type) };
      }),
    );
  }
  return tables;
}

/**
 * SQLite lets a primary key that is not an INTEGER hold NULL unless the column also says NOT NULL
 * (a quirk it keeps for old databases: https://sqlite.org/lang_createtable.html). Our migrations leave it
 * out and the app always gives the key, so such a column counts as not null.
 */
async function sqlitePrimaryKeys(database: Database, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(
    database.db,
  );
  return new Set(rows.filter((row) => row.pk > 0).map((row) => row.name));
}

describeEachDialect("the schema's types", (dialect, createDatabase) => {
  let testDatabase: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createDatabase();
    database = openDatabase(testDatabase.config);
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  it("name every table the migrations make, with its columns and which may be null", async () => {
    const declared = declaredTables();
    const actual = new Map<string, DeclaredColumn[]>();
    for (const table of await database.db.introspection.getTables()) {
      const keys = dialect === "sqlite" ? await sqlitePrimaryKeys(database, table.name) : new Set<string>();
      actual.set(
        table.name,
        table.columns.map((column) => ({ name: column.name, nullable: column.isNullable && !keys.has(column.name) })),
      );
    }
    const byName = (columns: DeclaredColumn[]) => [...columns].sort((a, b) => a.name.localeCompare(b.name));
    expect([...declared.keys()].sort()).toEqual([...actual.keys()].sort());
    for (const [table, columns] of actual) {
      expect(byName(declared.get(table)!), table).toEqual(byName(columns));
    }
  });
});

/**
 * A fresh PostgreSQL database for one benchmark round, dropped afterwards: our app migrates it from
 * empty, as it does a fresh SQLite file. BENCH_POSTGRES_URL names the server and the database to
 * connect to for creating it (default: the local test server's `test` database).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";

export async function withPostgresDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const adminUrl = process.env.BENCH_POSTGRES_URL || DEFAULT_ADMIN_URL;
  const name = `tandem_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return await use(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

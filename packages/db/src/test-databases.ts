/**
 * The databases tests run against: always an in-memory PGlite (the zero-setup default), and a
 * real PostgreSQL when TEST_DATABASE_URL points at a server (CI sets it). Each PostgreSQL run
 * gets a scratch database of its own, dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "./connection.ts";

export interface TestDatabase {
  name: string;
  open(): Promise<Database & { drop(): Promise<void> }>;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A scratch database of its own on the PostgreSQL server `serverUrl` names; `drop` removes it. */
export async function scratchPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const dbName = `saloon_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`) };
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: "PGlite",
      async open() {
        const db = await openDatabase({ kind: "pglite", dataDir: "memory://" });
        return { ...db, drop: () => db.close() };
      },
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  // CI must test the real thing: a missing server there is a failure, not a skip.
  if (!serverUrl && process.env.CI) throw new Error("CI needs TEST_DATABASE_URL (a PostgreSQL server) for the database tests");
  if (serverUrl) {
    list.push({
      name: "PostgreSQL",
      async open() {
        const scratch = await scratchPostgres(serverUrl);
        const db = await openDatabase({ kind: "postgres", url: scratch.url });
        return {
          ...db,
          async drop() {
            await db.close();
            await scratch.drop();
          },
        };
      },
    });
  }
  return list;
}

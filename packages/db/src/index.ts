export { adapterFactoryFor, type Database, type DatabaseConfig, databaseConfigFromEnv, DEFAULT_PGLITE_DIR, describeDatabase, openDatabase } from "./connection.ts";
export { type LoggedActionRow, type FinishedMatch, type Logger, MatchStore, type MatchStatus, type NewMatch } from "./match-store.ts";
export { applyMigrations, pendingSchemaSql } from "./schema-engine.ts";

export { adapterFactoryFor, type Database, type DatabaseConfig, databaseConfigFromEnv, DEFAULT_PGLITE_DIR, describeDatabase, openDatabase } from "./connection.ts";
export { ActionConflict, ActionRefused, type ActionRow, ActionWriter, type ActionWriterOptions, OwnershipLost, type QueryPool, type WriterStats } from "./action-writer.ts";
export {
  type FinishedMatch,
  hashToken,
  type LoggedActionRow,
  type Logger,
  MatchStore,
  type MatchStatus,
  type NewMatch,
  type StartingSeat,
  type TableSetup,
} from "./match-store.ts";
export { type ResumableMatch, TableOwnership } from "./table-ownership.ts";
export { applyMigrations, pendingSchemaSql } from "./schema-engine.ts";

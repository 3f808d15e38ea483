/**
 * The write that ends a match: its row marked finished, its seats, the whole action log and the
 * results, as one statement over array parameters (inside a transaction that first locks the
 * match row when an owner is given).
 *
 * It used to be Prisma's upserts and `createMany`: Prisma compiles every such query in its
 * WebAssembly query compiler, and a log's rows are compiled with their values, so ending an
 * 87-move Fistful game cost 25–35 ms of the event loop's CPU (a 500-move El Paso game more), and
 * with tables finishing every few seconds that was 15 % of a busy server's time (issue #14,
 * `bench:load --rate 0` profile, 7 Dec 2026). Here the statement's text is the same for every
 * match and the rows travel as ten arrays.
 */
import type { FinishedMatch } from "./match-store.ts";
import { OwnershipLost } from "./action-writer.ts";
import { storableJsonText, storableText } from "./storable.ts";

/** Runs one SQL statement with `$n` parameters, inside the finish's transaction, and gives its rows. */
export type RunSql = (text: string, values: unknown[]) => Promise<unknown[]>;

/** What the finish needs of a `pg` pool: a connection of its own for the transaction. */
export interface TransactionPool {
  connect(): Promise<{ query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>; release(error?: Error | boolean): void }>;
}

const LOCK_MATCH = `SELECT "status", "ownerId" FROM "Match" WHERE "id" = $1 FOR UPDATE`;

// Rows written earlier as the game went are kept (actions: the same deterministic log) or
// brought up to date (the match, seats, results), so this also repairs a match whose earlier
// writes failed. The seats, actions and results refer to the match written by a sibling CTE:
// PostgreSQL checks foreign keys at the end of the statement (as match-start.ts relies on).
const WRITE_FINISHED = `WITH
  m AS (
    INSERT INTO "Match" ("id", "game", "rulesVersion", "options", "seed", "status", "ownerId", "createdAt", "startedAt", "finishedAt", "scoreCategories")
    VALUES ($1, $2, $3, $4::jsonb, $5, 'finished', NULL, $6::timestamp(3), $7::timestamp(3), $8::timestamp(3), $9::text[])
    ON CONFLICT ("id") DO UPDATE SET "status" = 'finished', "ownerId" = NULL, "startedAt" = EXCLUDED."startedAt",
      "finishedAt" = EXCLUDED."finishedAt", "scoreCategories" = EXCLUDED."scoreCategories"
    RETURNING "id"
  ),
  seats AS (
    INSERT INTO "MatchSeat" ("matchId", "seat", "kind", "name", "playerId")
    SELECT m."id", u."seat", u."kind", u."name", u."playerId"
    FROM m CROSS JOIN unnest($10::int[], $11::text[], $12::text[], $13::text[]) AS u ("seat", "kind", "name", "playerId")
    ON CONFLICT ("matchId", "seat") DO UPDATE SET "kind" = EXCLUDED."kind", "name" = EXCLUDED."name", "playerId" = EXCLUDED."playerId"
  ),
  actions AS (
    INSERT INTO "MatchAction" ("matchId", "index", "seat", "action", "at", "byPerson")
    SELECT m."id", u."index", u."seat", u."action"::jsonb, u."at"::timestamp(3), u."byPerson"
    FROM m CROSS JOIN unnest($14::int[], $15::int[], $16::text[], $17::text[], $18::boolean[]) AS u ("index", "seat", "action", "at", "byPerson")
    ON CONFLICT ("matchId", "index") DO NOTHING
  ),
  results AS (
    INSERT INTO "MatchResult" ("matchId", "seat", "total", "breakdown", "tiebreak", "placement", "winner")
    SELECT m."id", u."seat", u."total", u."breakdown"::jsonb, u."tiebreak"::jsonb, u."placement", u."winner"
    FROM m CROSS JOIN unnest($19::int[], $20::int[], $21::text[], $22::text[], $23::int[], $24::boolean[]) AS u ("seat", "total", "breakdown", "tiebreak", "placement", "winner")
    ON CONFLICT ("matchId", "seat") DO UPDATE SET "total" = EXCLUDED."total", "breakdown" = EXCLUDED."breakdown",
      "tiebreak" = EXCLUDED."tiebreak", "placement" = EXCLUDED."placement", "winner" = EXCLUDED."winner"
  ),
  -- A result of a seat the match no longer has (not the rows written above: those seats are in $19).
  stale AS (
    DELETE FROM "MatchResult" WHERE "matchId" = $1 AND NOT ("seat" = ANY($19::int[]))
  )
SELECT 1 AS "done"`;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function finishParameters(match: FinishedMatch): unknown[] {
  const { lines, winners } = match.scores;
  return [
    match.id,
    match.game,
    match.rulesVersion,
    storableJsonText(match.options),
    match.seed,
    iso(match.createdAt),
    iso(match.startedAt),
    iso(match.finishedAt),
    match.scores.categories,
    match.seats.map((seat) => seat.seat),
    match.seats.map((seat) => seat.kind),
    match.seats.map((seat) => storableText(seat.name)),
    match.seats.map((seat) => seat.playerId),
    match.actions.map((row) => row.index),
    match.actions.map((row) => row.seat),
    match.actions.map((row) => storableJsonText(row.action)),
    match.actions.map((row) => row.at.toISOString()),
    match.actions.map((row) => row.byPerson === true),
    lines.map((line) => line.seat),
    lines.map((line) => line.total),
    lines.map((line) => JSON.stringify(line.breakdown)),
    lines.map((line) => JSON.stringify(line.tiebreak)),
    lines.map((line) => line.placement),
    lines.map((line) => winners.includes(line.seat)),
  ];
}

/**
 * The finish, given a way to run statements inside one transaction. With `ownerId`, the match row
 * is locked first: a match stored as finished already is left as it is (an earlier attempt whose
 * answer was lost: the same deterministic game), and a match another process owns (or nobody
 * does) throws OwnershipLost and writes nothing.
 */
export async function writeFinish(run: RunSql, match: FinishedMatch): Promise<void> {
  if (match.ownerId) {
    const [row] = (await run(LOCK_MATCH, [match.id])) as { status: string; ownerId: string | null }[];
    if (row?.status === "finished") return;
    if (row && row.ownerId !== match.ownerId) throw new OwnershipLost(match.id);
  }
  await run(WRITE_FINISHED, finishParameters(match));
}

/** The finish in a transaction on a connection of `pool` of its own (no Prisma: see above). */
export async function writeFinishThrough(pool: TransactionPool, match: FinishedMatch): Promise<void> {
  const client = await pool.connect();
  // A connection whose BEGIN or ROLLBACK failed is in an unknown state: the pool drops it.
  let broken: Error | undefined;
  try {
    await client.query("BEGIN").catch((error: Error) => {
      broken = error;
      throw error;
    });
    try {
      await writeFinish(async (text, values) => (await client.query(text, values)).rows, match);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
      throw error;
    }
  } finally {
    client.release(broken ?? false);
  }
}

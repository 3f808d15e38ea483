/**
 * The history reads (the match list, a replay, a guest's running tables, whether a match exists),
 * each as ONE SQL statement that builds its answer as JSON in the database, already in the shape
 * the protocol serves (MatchPage, MatchDetail, MyTable), so the event loop only parses it (pg's
 * JSON.parse of each row). They used to be Prisma ORM queries, up to five per read, each compiled
 * in Prisma's WebAssembly query compiler and its rows mapped into objects on the event loop every
 * table shares (on PostgreSQL a replay took 2-4 ms of CPU, a list page ~2 ms; now a sixth to a tenth of that).
 * Building the JSON is the database's work instead: on PGlite that is its worker thread, about a
 * millisecond more there for a 300-action replay (measured on 7 Dec 2026, while the event loop
 * saved three).
 *
 * The answers are those the ORM reads gave, key order included (match-history.test.ts and its
 * recorded answers): timestamps as `Date.toISOString` writes them (the columns are timestamp(3)
 * holding UTC, as Prisma writes them), chat times in epoch ms, JSONB values (options, actions,
 * breakdowns) in the key order JSONB keeps, seats and results in seat order.
 *
 * Nothing here may serve the seed or the log of a match that has not ended: both together would
 * rebuild every hidden card and draw of a running game.
 */
import type { MatchDetail, MatchPage, MatchSummary, MyTable } from "@saloon/protocol";
import type { RunSql } from "./match-finish.ts";

/** A timestamp(3) column as `Date.toISOString` writes it (for years 1-9999), or null. */
const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A timestamp(3) column as milliseconds since the epoch (a chat line's `at`). */
const millis = (column: string) => `round(extract(epoch from ${column}) * 1000)`;

/** Matches that can never go on: finished, or abandoned once started (a table nobody started is no match). */
const ENDED = `(m."status" = 'finished' OR (m."status" = 'abandoned' AND m."startedAt" IS NOT NULL))`;

/** An array of JSON values built by `json_agg`, or [] when there are none. */
const list = (select: string) => `coalesce((${select}), '[]'::json)`;

/** The keys of a MatchSummary of the match `m`, in its order, for json_build_object. */
const SUMMARY = `'id', m."id", 'game', m."game", 'rulesVersion', m."rulesVersion", 'status', m."status",
  'createdAt', ${iso(`m."createdAt"`)}, 'startedAt', ${iso(`m."startedAt"`)}, 'finishedAt', ${iso(`m."finishedAt"`)}, 'endReason', m."endReason",
  'seats', ${list(`SELECT json_agg(json_build_object('seat', s."seat", 'kind', s."kind", 'name', s."name",
      'total', r."total", 'placement', r."placement", 'winner', coalesce(r."winner", false)) ORDER BY s."seat")
    FROM "MatchSeat" s LEFT JOIN "MatchResult" r ON r."matchId" = s."matchId" AND r."seat" = s."seat" WHERE s."matchId" = m."id"`)}`;

/** The replay of one ended match, or no row. Scores only for a finished one (an abandoned one has none). */
const ENDED_MATCH = `
SELECT json_build_object(${SUMMARY},
  'options', m."options", 'seed', m."seed",
  'actions', ${list(`SELECT json_agg(json_build_object('index', a."index", 'seat', a."seat", 'action', a."action", 'at', ${iso(`a."at"`)}) ORDER BY a."index")
    FROM "MatchAction" a WHERE a."matchId" = m."id"`)},
  'chat', ${list(`SELECT json_agg(json_build_object('index', c."index", 'seat', c."seat", 'name', c."name", 'move', c."move", 'text', c."text", 'at', ${millis(`c."at"`)}) ORDER BY c."index")
    FROM "MatchChat" c WHERE c."matchId" = m."id"`)},
  'scores', CASE WHEN m."status" = 'finished' THEN json_build_object(
    'categories', to_json(m."scoreCategories"),
    'lines', ${list(`SELECT json_agg(json_build_object('seat', r."seat", 'total', r."total", 'breakdown', r."breakdown", 'tiebreak', r."tiebreak", 'placement', r."placement") ORDER BY r."seat")
      FROM "MatchResult" r WHERE r."matchId" = m."id"`)},
    'winners', ${list(`SELECT json_agg(r."seat" ORDER BY r."seat") FROM "MatchResult" r WHERE r."matchId" = m."id" AND r."winner"`)}) END
) AS "match"
FROM "Match" m
WHERE m."id" = $1 AND ${ENDED}`;

/** pg parses a json column itself; Prisma's raw queries may give its text. */
const decoded = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** Everything a replay needs, for an ended match only; null for a running, waiting or unknown one. */
export async function readEnded(run: RunSql, matchId: string): Promise<MatchDetail | null> {
  const [row] = (await run(ENDED_MATCH, [matchId])) as { match: unknown }[];
  return row ? decoded<MatchDetail>(row.match) : null;
}

/** A LIKE pattern that matches `text` literally: `%`, `_` and `\\` are not wildcards in a name search. */
const literalLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

// The cursor names the last match of a page by its end time and id (finishedAt as toISOString
// writes it; the summary's finishedAt is that text already).
function encodeCursor(finishedAt: string, id: string): string {
  return Buffer.from(`${finishedAt}|${id}`).toString("base64url");
}
function decodeCursor(cursor: string): { finishedAt: Date; id: string } | null {
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const finishedAt = new Date(iso ?? "");
  return id && !Number.isNaN(finishedAt.getTime()) ? { finishedAt, id } : null;
}

/**
 * Ended matches, newest first (then by id, descending); `game` is the game's id, `player` part of
 * a seat's name, matched literally and case-insensitively (ILIKE, as the ORM's `contains` with
 * `mode: "insensitive"` was). One more row than the page is read, to know whether there is a next.
 */
export async function readEndedPage(run: RunSql, query: { game?: string; player?: string; cursor?: string; limit?: number }): Promise<MatchPage> {
  const limit = Math.min(Math.max(query.limit ?? 20, 1), 100);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const values: unknown[] = [];
  const value = (given: unknown) => `$${values.push(given)}`;
  const conditions = [ENDED];
  if (query.game) conditions.push(`m."game" = ${value(query.game)}`);
  if (query.player) conditions.push(`EXISTS (SELECT 1 FROM "MatchSeat" s WHERE s."matchId" = m."id" AND s."name" ILIKE '%' || ${value(literalLike(query.player))}::text || '%')`);
  if (after) {
    // The ISO text's Z is ignored by the cast: the column holds UTC without a zone. A year past
    // 9999 is written "+010000-…", which PostgreSQL reads as a zone: without the "+" it is a year,
    // as through the ORM (a cursor is whatever a client sends; a year before 0 fails both ways).
    const at = value(after.finishedAt.toISOString().replace(/^\+/, ""));
    conditions.push(`(m."finishedAt" < ${at}::timestamp(3) OR (m."finishedAt" = ${at}::timestamp(3) AND m."id" < ${value(after.id)}))`);
  }
  const rows = (await run(
    `SELECT json_build_object(${SUMMARY}) AS "match"
     FROM "Match" m
     WHERE ${conditions.join(" AND ")}
     ORDER BY m."finishedAt" DESC, m."id" DESC
     LIMIT ${value(limit + 1)}::int`,
    values,
  )) as { match: unknown }[];
  const matches = rows.slice(0, limit).map((row) => decoded<MatchSummary>(row.match));
  const last = matches[matches.length - 1];
  return { matches, nextCursor: rows.length > limit && last?.finishedAt ? encodeCursor(last.finishedAt, last.id) : null };
}

/**
 * The running games of the player with this token hash, newest start first (one not marked
 * started first: DESC puts nulls first, as the ORM's order did), at most 50; their seat is the
 * first they hold.
 */
const TABLES_OF = `
WITH me AS (SELECT p."id" FROM "Player" p WHERE p."tokenHash" = $1)
SELECT json_build_object('id', m."id", 'game', m."game", 'status', 'playing'::text,
  'seat', (SELECT min(s."seat") FROM "MatchSeat" s JOIN me ON s."playerId" = me."id" WHERE s."matchId" = m."id"),
  'seats', ${list(`SELECT json_agg(json_build_object('seat', s."seat", 'kind', s."kind", 'name', s."name") ORDER BY s."seat") FROM "MatchSeat" s WHERE s."matchId" = m."id"`)},
  'startedAt', ${iso(`m."startedAt"`)}
) AS "table"
FROM "Match" m
WHERE m."status" = 'playing' AND EXISTS (SELECT 1 FROM "MatchSeat" s JOIN me ON s."playerId" = me."id" WHERE s."matchId" = m."id")
ORDER BY m."startedAt" DESC, m."id" DESC
LIMIT 50`;

export async function readTablesOf(run: RunSql, tokenHash: string): Promise<MyTable[]> {
  const rows = (await run(TABLES_OF, [tokenHash])) as { table: unknown }[];
  return rows.map((row) => decoded<MyTable>(row.table));
}

/** Whether a match with this id was ever created (any status). */
export async function matchExists(run: RunSql, matchId: string): Promise<boolean> {
  const [row] = (await run(`SELECT EXISTS (SELECT 1 FROM "Match" WHERE "id" = $1) AS "found"`, [matchId])) as { found: boolean }[];
  return row?.found === true;
}

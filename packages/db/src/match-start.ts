/**
 * The two writes that open a match, each as ONE statement (one round trip, atomic as a single
 * statement). The start used to be an interactive transaction of ~10 round trips (BEGIN, the
 * match, a player and a seat per person, COMMIT); on PGlite, reached through a single
 * connection, a thousand tables opening at once held that connection for ~20 s and the group
 * commit of every running table's moves queued behind them (commit waits of 10–20 s, docs/sync-journal.md).
 *
 * Timestamps go as ISO strings cast to timestamp(3), as the action writer's do: the columns have
 * no time zone and Prisma stores UTC, whatever the server's TimeZone setting.
 */
import { randomUUID } from "node:crypto";
import type { Seat } from "@saloon/engine";
import type { RunSql } from "./match-finish.ts";
import type { NewMatch, StartingSeat } from "./match-store.ts";
import { storableJsonText, storableText } from "./storable.ts";

/**
 * The match row (inserted as playing, or its status and start time set), a player per person
 * (found by the hash of their guest token, created or renamed), and every seat with its player.
 *
 * The seats refer to players and to the match written by sibling CTEs of the same statement:
 * PostgreSQL checks foreign keys at the end of the statement, so they see those rows (tested on
 * PGlite and PostgreSQL in match-start.test.ts).
 */
export async function writeStart(run: RunSql, match: NewMatch, startedAt: Date, seats: StartingSeat[]): Promise<void> {
  const now = new Date().toISOString();
  // One row per person: a token in two seats would make ON CONFLICT touch a row twice (an
  // error). The last seat's name wins, as when the rows were upserted one seat after another.
  const players = new Map<string, string>();
  for (const seat of seats) if (seat.tokenHash) players.set(seat.tokenHash, storableText(seat.name));
  const hashes = [...players.keys()];
  await run(
    `WITH
      p AS (
        INSERT INTO "Player" ("id", "tokenHash", "displayName", "createdAt", "lastSeenAt")
        SELECT u."id", u."tokenHash", u."displayName", $1::timestamp(3), $1::timestamp(3)
        FROM unnest($2::text[], $3::text[], $4::text[]) AS u ("id", "tokenHash", "displayName")
        ON CONFLICT ("tokenHash") DO UPDATE SET "displayName" = EXCLUDED."displayName", "lastSeenAt" = EXCLUDED."lastSeenAt"
        RETURNING "id", "tokenHash"
      ),
      m AS (
        INSERT INTO "Match" ("id", "game", "rulesVersion", "options", "seed", "status", "createdAt", "startedAt", "table", "ownerId")
        VALUES ($5, $6, $7, $8::jsonb, $9, 'playing', $10::timestamp(3), $11::timestamp(3), $12::jsonb, $13)
        ON CONFLICT ("id") DO UPDATE SET "status" = 'playing', "startedAt" = EXCLUDED."startedAt"
        RETURNING "id"
      ),
      s AS (
        SELECT * FROM unnest($14::int[], $15::text[], $16::text[], $17::text[]) AS u ("seat", "kind", "name", "tokenHash")
      )
    INSERT INTO "MatchSeat" ("matchId", "seat", "kind", "name", "playerId")
    SELECT m."id", s."seat", s."kind", s."name", p."id"
    FROM m CROSS JOIN s LEFT JOIN p ON p."tokenHash" = s."tokenHash"
    ON CONFLICT ("matchId", "seat") DO UPDATE SET "kind" = EXCLUDED."kind", "name" = EXCLUDED."name", "playerId" = EXCLUDED."playerId"`,
    [
      now,
      // Player.id is made by Prisma's @default(uuid()) on the client, not by the database: a new
      // row gets one here (an existing player keeps theirs: the conflict updates, never replaces).
      hashes.map(() => randomUUID()),
      hashes,
      hashes.map((hash) => players.get(hash)!),
      match.id,
      match.game,
      match.rulesVersion,
      storableJsonText(match.options),
      match.seed,
      match.createdAt.toISOString(),
      startedAt.toISOString(),
      JSON.stringify(match.table ?? {}),
      match.ownerId ?? null,
      seats.map((seat) => seat.seat),
      seats.map((seat) => seat.kind),
      seats.map((seat) => storableText(seat.name)),
      seats.map((seat) => seat.tokenHash ?? null),
    ],
  );
}

/**
 * The match row and its seats, unless a row with its id is there already: then nothing is
 * written. A waiting table's row may be written after its start did (both are sent in the same
 * turn); the start's row is kept as it is, never turned back to waiting.
 */
export async function writeCreate(run: RunSql, match: NewMatch): Promise<void> {
  const seats: { seat: Seat; kind: string; name: string; playerId: string | null }[] = match.seats;
  await run(
    `WITH m AS (
      INSERT INTO "Match" ("id", "game", "rulesVersion", "options", "seed", "status", "createdAt", "table", "ownerId")
      VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7::timestamp(3), $8::jsonb, $9)
      ON CONFLICT ("id") DO NOTHING
      RETURNING "id"
    )
    INSERT INTO "MatchSeat" ("matchId", "seat", "kind", "name", "playerId")
    SELECT m."id", u."seat", u."kind", u."name", u."playerId"
    FROM m CROSS JOIN unnest($10::int[], $11::text[], $12::text[], $13::text[]) AS u ("seat", "kind", "name", "playerId")`,
    [
      match.id,
      match.game,
      match.rulesVersion,
      storableJsonText(match.options),
      match.seed,
      match.status,
      match.createdAt.toISOString(),
      JSON.stringify(match.table ?? {}),
      match.ownerId ?? null,
      seats.map((seat) => seat.seat),
      seats.map((seat) => seat.kind),
      seats.map((seat) => storableText(seat.name)),
      seats.map((seat) => seat.playerId),
    ],
  );
}

/**
 * Group commit for accepted actions: every table hands its actions here, and they are written
 * many tables at a time, one INSERT per batch, so that "a move counts once it is stored"
 * (DESIGN.md principle 5) does not cost a round trip per move. Lines of table chat go the same
 * way (a line is shown only once stored): a batch that holds some writes them in a second
 * INSERT once its moves are committed (and settled), so chat costs a batch without any line
 * nothing and never delays the moves beside it; a line never waits on its own. A batch goes out
 * when it holds `maxRows` rows, `flushMs` after its first row, as soon as a batch in flight
 * comes back (its rows have waited already), or at once for a person's move when nothing is in
 * flight (a person waits for it; a bot's move has its delay); up to `maxInFlight` batches are in flight at once,
 * each on its own connection of the pool. The promise `append` returns settles when its row is
 * committed.
 *
 * Each table's log stays without holes: a table's rows never go out while an earlier row of the
 * same table is in flight (they wait for the next batch), so action n+1 is never committed before
 * action n. With one batch in flight at a time, rows waited for the whole cycle of the batch
 * before theirs (round trip, then every table of it publishing): at 1,000 tables a move's commit
 * took 18 ms at the median for a 2.6 ms round trip (issue #14, docs/sync-journal.md).
 *
 * With `owner`, a row is written only while that process owns its match (TableOwnership): the
 * insert holds a key-share lock on the match row, and a takeover locks the row FOR UPDATE
 * before changing its owner (claimOrphans), so the takeover either waits for the batch to
 * commit, and then loads its rows, or comes first, and then the batch writes nothing for that
 * table (OwnershipLost). Either way no move is ever accepted by a copy of a table that no longer
 * runs it. A key-share lock, not a share lock: the match's ordinary updates (its start, a seat
 * changing hands, its settings) take the weaker FOR NO KEY UPDATE lock, which a share lock
 * waits for, so while 1,000 tables opened, batches of moves waited behind their starts for up
 * to ~20 s (pg-watch, docs/sync-journal.md); with a key-share lock they pass.
 */
import { Prisma, type PrismaClient } from "./generated/prisma/client.ts";
import type { ChatLine } from "@saloon/protocol";
import type { Logger } from "./match-store.ts";
import { storableJsonText, storableText } from "./storable.ts";

export interface ActionRow {
  matchId: string;
  index: number;
  seat: number;
  action: unknown;
  at: Date;
  /** A person decided it (absent or false: a bot did, and it can never be taken back). */
  byPerson?: boolean;
}

/** The row's (matchId, index) is already stored with different content: another process runs this table. */
export class ActionConflict extends Error {
  constructor(readonly matchId: string, readonly index: number, what: "action" | "chat line" = "action") {
    super(`match ${matchId} already has a different ${what} ${index}: the table is running elsewhere`);
    this.name = "ActionConflict";
  }
}

/** This process no longer owns the match (another process took the table over): this copy must stop. */
export class OwnershipLost extends Error {
  constructor(readonly matchId: string) {
    super(`match ${matchId} is no longer run by this process: another process took the table over`);
    this.name = "OwnershipLost";
  }
}

/** The database refused the row itself (not a passing fault): retrying would not help. */
export class ActionRefused extends Error {
  constructor(readonly matchId: string, cause: unknown) {
    super(`match ${matchId}: the database refused its action (${(cause as Error)?.message ?? cause})`, { cause });
    this.name = "ActionRefused";
  }
}

/** What the writer needs of a `pg` pool: a query by text, and a named (prepared) one. */
export interface QueryPool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

export interface ActionWriterOptions {
  /** Longest wait before a batch goes out (ms). */
  flushMs?: number;
  /** A batch goes out at once when it holds this many rows. */
  maxRows?: number;
  /** Batches in flight at once (each holds a connection of the pool while it is). */
  maxInFlight?: number;
  /** Delay after a failed batch before it is tried again (ms); doubles up to 5 s. */
  retryDelayMs?: number;
  /**
   * The process whose tables these are (its TableOwnership id, read at each batch: Colyseus
   * knows it only once it listens). Without it rows are written whoever owns the match (the
   * store benchmark and tests of the writer alone).
   */
  owner?: () => string;
  /**
   * The `pg` pool under Prisma (Database.pool): batches are written through it directly. One
   * batch cost ~1.7 ms of CPU through Prisma's raw query and ~0.6 ms through the pool (measured
   * on PostgreSQL, 1–16 rows); at a few rows per batch that was most of the store's cost per move.
   */
  pool?: QueryPool;
  /**
   * How the insert of a batch's actions goes through the pool, so that the database parses and
   * plans it once rather than at every batch:
   * - "named" (PostgreSQL): a named statement of the extended protocol, which each connection
   *   prepares at its first use. 1,500 batches of 5 rows: the backend's CPU 0.39 → 0.24 ms a
   *   batch, the round trip 0.68 → 0.56 ms (docs/sync-journal.md).
   * - "executed" (PGlite): made once by SQL `PREPARE`, then each batch an `EXECUTE` of it with the
   *   rows as one quoted literal, over the simple query protocol. PGlite's socket server never
   *   answered the batch after a named statement's row was refused, so not "named"; and PGlite is
   *   one session whichever connection asks, so one `PREPARE` serves all. PGlite, CPU a batch of
   *   1 / 20 rows: 1.7 / 2.2 ms parsed and planned each time, 1.1 / 1.4 ms executed (sync-journal.md).
   * - "unnamed" (the default): parsed and planned at every batch.
   */
  statements?: "named" | "executed" | "unnamed";
  /**
   * Told of each committed batch of actions: its rows, its statement's round trip and how long
   * its oldest row waited to go out (ms). For the server's metrics line: what a move waits for.
   */
  onBatch?: (rows: number, roundTripMs: number, waitedMs: number) => void;
}

type Pending = (
  | { kind: "action"; row: ActionRow; json: string }
  | { kind: "chat"; matchId: string; line: ChatLine }
) & { done: () => void; fail: (error: Error) => void; queuedAt: number };

const matchOf = (item: Pending): string => (item.kind === "action" ? item.row.matchId : item.matchId);
const keyOf = (matchId: string, index: number): string => `${matchId}\u0000${index}`;

export interface WriterStats {
  /** Statements that wrote rows: one per batch of actions, one more for a batch's chat lines. */
  batches: number;
  rows: number;
  /** Largest batch written. */
  largestBatch: number;
  failedAttempts: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const UNDEFINED_PREPARED_STATEMENT = "26000";
const DUPLICATE_PREPARED_STATEMENT = "42P05";

const sqlState = (error: unknown): unknown => (error as { code?: unknown })?.code;

/**
 * A string as an SQL literal that means the same whatever `standard_conforming_strings` says: an
 * escape string, its backslashes and quotes doubled. Nothing else needs escaping (JSON texts hold
 * no NUL: storableJsonText).
 */
function quoteLiteral(text: string): string {
  return `E'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** SQLSTATE classes 22 (data) and 23 (integrity): the rows are wrong, not the connection. */
function isRowError(error: unknown): boolean {
  const code = (error as { meta?: { code?: unknown }; code?: unknown })?.meta?.code ?? (error as { code?: unknown })?.code;
  if (typeof code === "string" && /^2[23]/.test(code)) return true;
  const message = (error as Error)?.message ?? "";
  return /violates|invalid input syntax|out of range/i.test(message);
}

export class ActionWriter {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  /** Rows in flight per match: a match's later rows wait until its earlier ones are committed. */
  private readonly busy = new Map<string, number>();
  /** Matches whose copy stopped here (stop()): their rows are left out of any later attempt. */
  private readonly stopping = new Set<string>();
  private closed = false;
  private readonly flushMs: number;
  private readonly maxRows: number;
  private readonly maxInFlight: number;
  private readonly retryDelayMs: number;
  private readonly owner: (() => string) | undefined;
  private readonly pool: ActionWriterOptions["pool"];
  private readonly statements: NonNullable<ActionWriterOptions["statements"]>;
  private readonly onBatch: ActionWriterOptions["onBatch"];
  readonly stats: WriterStats = { batches: 0, rows: 0, largestBatch: 0, failedAttempts: 0 };

  constructor(
    private readonly prisma: PrismaClient,
    private readonly logger: Logger = { warn: () => {}, error: () => {} },
    options: ActionWriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 3;
    this.maxRows = options.maxRows ?? 500;
    this.maxInFlight = options.maxInFlight ?? 4;
    this.retryDelayMs = options.retryDelayMs ?? 50;
    this.owner = options.owner;
    this.pool = options.pool;
    this.statements = options.statements ?? "unnamed";
    this.onBatch = options.onBatch;
  }

  /** Queues one action; resolves once it is committed, rejects with ActionConflict, OwnershipLost or ActionRefused. */
  append(row: ActionRow): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the action writer is closed"));
    return new Promise<void>((done, fail) => {
      // Actions are legal options the rules made, but the store never trusts a string it is given.
      this.queue.push({ kind: "action", row, json: storableJsonText(row.action), done, fail, queuedAt: performance.now() });
      // A person is waiting to see their move; a bot's move comes after its delay anyway. So a
      // person's row goes at once while no batch is in flight, taking the rows queued so far
      // along, instead of waiting `flushMs` for company. While batches are in flight it waits as
      // any row does (their return sends it), which keeps the batches few under load.
      if (row.byPerson === true && this.inFlight.size === 0) this.flushNow();
      else this.schedule();
    });
  }

  /**
   * Queues one line of a table's chat; resolves once it is committed (written with the batch it
   * falls in), rejects with ActionConflict (another line at its place), OwnershipLost or ActionRefused.
   */
  appendChat(matchId: string, given: ChatLine): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the action writer is closed"));
    const line = { ...given, name: storableText(given.name), text: storableText(given.text) };
    return new Promise<void>((done, fail) => {
      this.queue.push({ kind: "chat", matchId, line, done, fail, queuedAt: performance.now() });
      this.schedule();
    });
  }

  /** Rows queued, not yet in a batch. */
  get backlog(): number {
    return this.queue.length;
  }

  /** Resolves once every row appended so far has been committed (or refused). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight.size > 0) {
      this.flushNow();
      if (this.inFlight.size > 0) await Promise.race(this.inFlight);
    }
  }

  /**
   * This process stops running the match (its copy of the table halted). Rows of it not yet sent
   * are dropped and fail with OwnershipLost: nobody has seen them, since a move or a line is shown
   * only once committed. Rows in a batch that is being retried are left out of its next attempt.
   * Settles once no row of the match is in flight, so what is stored for it is final and a copy
   * rebuilt from the store afterwards (here or elsewhere) loads all of it.
   */
  async stop(matchId: string): Promise<void> {
    const dropped = this.queue.filter((item) => matchOf(item) === matchId);
    if (dropped.length > 0) this.queue = this.queue.filter((item) => matchOf(item) !== matchId);
    for (const item of dropped) item.fail(new OwnershipLost(matchId));
    if (!this.busy.has(matchId)) return;
    this.stopping.add(matchId);
    try {
      while (this.busy.has(matchId)) await Promise.race(this.inFlight);
    } finally {
      this.stopping.delete(matchId);
    }
  }

  /** Drains, then refuses new rows. */
  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.queue.length >= this.maxRows) return this.flushNow();
    if (this.inFlight.size >= this.maxInFlight) return; // a batch coming back starts the next one
    this.timer ??= setTimeout(() => this.flushNow(), this.flushMs);
  }

  /** Sends what may go now: batches of rows whose tables have nothing in flight, while a connection is free. */
  private flushNow(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.inFlight.size < this.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      if (batch.length === 0) return; // every queued row waits for its table's batch in flight
      this.send(batch);
    }
  }

  /** Up to maxRows queued rows, in order, of tables with no row in flight. */
  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const left: Pending[] = [];
    for (const item of this.queue) {
      if (batch.length < this.maxRows && !this.busy.has(matchOf(item))) batch.push(item);
      else left.push(item);
    }
    this.queue = left;
    return batch;
  }

  private send(batch: Pending[]): void {
    for (const item of batch) this.busy.set(matchOf(item), (this.busy.get(matchOf(item)) ?? 0) + 1);
    const actions = batch.filter((item) => item.kind === "action");
    const lines = batch.filter((item) => item.kind === "chat");
    // The moves first, settled as soon as they are committed: a batch's chat never holds them up.
    const written = async () => {
      if (actions.length > 0) await this.writeBatch(actions);
      if (lines.length > 0) await this.writeBatch(lines);
    };
    const flight: Promise<void> = written().finally(() => {
      this.inFlight.delete(flight);
      for (const item of batch) {
        const left = this.busy.get(matchOf(item))! - 1;
        if (left === 0) this.busy.delete(matchOf(item));
        else this.busy.set(matchOf(item), left);
      }
      // What queued meanwhile has waited already: it goes now, not flushMs later.
      if (this.queue.length > 0) this.flushNow();
    });
    this.inFlight.add(flight);
  }

  /** Writes a batch until it is committed; only rows the database itself refuses are given up. */
  private async writeBatch(given: Pending[]): Promise<void> {
    let batch = given;
    for (let attempt = 1; ; attempt++) {
      batch = this.leaveOutStopped(batch);
      if (batch.length === 0) return;
      try {
        const sentAt = performance.now();
        const settle = await this.insert(batch);
        if (batch[0]?.kind === "action") this.onBatch?.(batch.length, performance.now() - sentAt, sentAt - batch[0].queuedAt);
        this.stats.batches += 1;
        this.stats.rows += batch.length;
        this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
        settle();
        return;
      } catch (error) {
        this.stats.failedAttempts += 1;
        if (isRowError(error)) {
          // One table's bad row must not hold up the others: write each table's rows on its own.
          await this.writeEachMatch(batch);
          return;
        }
        const delay = Math.min(5000, this.retryDelayMs * 2 ** Math.min(attempt - 1, 10));
        this.logger.warn({ err: error, rows: batch.length, attempt, retryInMs: delay }, "writing a batch of actions failed; retrying");
        await sleep(delay);
      }
    }
  }

  /** The batch without the rows of matches stopped meanwhile (those fail with OwnershipLost). */
  private leaveOutStopped(batch: Pending[]): Pending[] {
    if (this.stopping.size === 0) return batch;
    const kept: Pending[] = [];
    for (const item of batch) {
      if (this.stopping.has(matchOf(item))) item.fail(new OwnershipLost(matchOf(item)));
      else kept.push(item);
    }
    return kept;
  }

  private async writeEachMatch(batch: Pending[]): Promise<void> {
    const byMatch = new Map<string, Pending[]>();
    for (const item of batch) byMatch.set(matchOf(item), [...(byMatch.get(matchOf(item)) ?? []), item]);
    for (const [matchId, items] of byMatch) {
      try {
        (await this.insert(items))();
      } catch (error) {
        if (!isRowError(error)) {
          await this.writeBatch(items);
          continue;
        }
        this.logger.error({ err: error, matchId, rows: items.length }, "the database refused a table's actions");
        for (const item of items) item.fail(new ActionRefused(matchId, error));
      }
    }
  }

  /**
   * Writes rows of one kind (actions, or chat lines) in one statement. Returns what settles each
   * row's promise, called once the rows are counted as written.
   */
  private async insert(batch: Pending[]): Promise<() => void> {
    const outcomes = batch[0]?.kind === "chat" ? await this.insertChat(batch as (Pending & { kind: "chat" })[]) : await this.insertActions(batch as (Pending & { kind: "action" })[]);
    // People's moves settle first, then the rest in order: a batch of a hundred tables' rows is
    // published in one turn of the event loop, and a person waits for their own move while a
    // bot's move had its delay anyway (issue #14: the slowest person moves were those published
    // behind a batch's bot moves).
    return () => {
      for (let i = 0; i < batch.length; i++) if (byPerson(batch[i]!)) outcomes[i]!();
      for (let i = 0; i < batch.length; i++) if (!byPerson(batch[i]!)) outcomes[i]!();
    };
  }

  /**
   * One statement for all the batch's actions. A row whose (matchId, index) exists already was
   * either committed by an earlier attempt whose answer got lost (same content: fine) or written
   * by another process running the same table (ActionConflict: this copy must stop). A row of a
   * match this process does not own is not written at all (OwnershipLost).
   */
  private async insertActions(batch: (Pending & { kind: "action" })[]): Promise<(() => void)[]> {
    // The whole batch as ONE parameter, a JSON array of rows built by joining texts: each
    // action's JSON (made once, in `append`) goes in as it is. As six array parameters (and
    // six per row before that, which cost more CPU than the rest of the write) `pg` escaped
    // every action's text again into an array literal: 8 % of a busy server's allocation.
    let rows = "[";
    for (let i = 0; i < batch.length; i++) {
      const { row, json } = batch[i]!;
      if (i > 0) rows += ",";
      rows += `{"matchId":${JSON.stringify(row.matchId)},"index":${row.index},"seat":${row.seat},"action":${json},"at":"${row.at.toISOString()}","byPerson":${row.byPerson === true}}`;
    }
    rows += "]";
    const inserted = await this.insertOwned(
      "MatchAction",
      `"matchId", "index", "seat", "action", "at", "byPerson"`,
      `SELECT "matchId", "index", "seat", "action", "at", "byPerson"
       FROM json_to_recordset($1::json) AS u ("matchId" text, "index" int, "seat" int, "action" jsonb, "at" timestamp(3), "byPerson" boolean)`,
      [rows],
    );
    const existing = batch.filter(({ row }) => !inserted.has(keyOf(row.matchId, row.index)));
    const stored = existing.length ? await this.actionsStoredAs(existing) : new Map<Pending, boolean>();
    return batch.map((item) => {
      if (inserted.has(keyOf(item.row.matchId, item.row.index)) || stored.get(item) === true) return item.done;
      if (stored.get(item) === false) return () => item.fail(new ActionConflict(item.row.matchId, item.row.index));
      return () => item.fail(new OwnershipLost(item.row.matchId));
    });
  }

  /** The batch's chat lines in one statement, under the same rules as its actions. */
  private async insertChat(batch: (Pending & { kind: "chat" })[]): Promise<(() => void)[]> {
    const columns = [
      batch.map(({ matchId }) => matchId),
      batch.map(({ line }) => line.index),
      batch.map(({ line }) => line.seat),
      batch.map(({ line }) => line.name),
      batch.map(({ line }) => line.move),
      batch.map(({ line }) => line.text),
      batch.map(({ line }) => new Date(line.at).toISOString()),
    ];
    const inserted = await this.insertOwned(
      "MatchChat",
      `"matchId", "index", "seat", "name", "move", "text", "at"`,
      `SELECT "matchId", "index", "seat", "name", "move", "text", "at"::timestamp(3)
       FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::int[], $6::text[], $7::text[]) AS u ("matchId", "index", "seat", "name", "move", "text", "at")`,
      columns,
    );
    const existing = batch.filter((item) => !inserted.has(keyOf(item.matchId, item.line.index)));
    const stored = existing.length ? await this.chatStoredAs(existing) : new Map<Pending, boolean>();
    return batch.map((item) => {
      if (inserted.has(keyOf(item.matchId, item.line.index)) || stored.get(item) === true) return item.done;
      if (stored.get(item) === false) return () => item.fail(new ActionConflict(item.matchId, item.line.index, "chat line"));
      return () => item.fail(new OwnershipLost(item.matchId));
    });
  }

  /**
   * INSERT … SELECT from `rows` (a query over the array parameters that yields `columns`, the
   * first being "matchId"), only for matches this process owns, skipping rows whose place is
   * taken. Returns the places written.
   */
  private async insertOwned(table: string, columns: string, rows: string, values: unknown[]): Promise<Set<string>> {
    const owner = this.owner?.();
    const parameters = owner === undefined ? values : [...values, owner];
    const owned =
      owner === undefined
        ? `SELECT DISTINCT v."matchId" AS "id" FROM v`
        : `SELECT "id" FROM "Match" WHERE "id" IN (SELECT "matchId" FROM v) AND "ownerId" = $${parameters.length} FOR KEY SHARE`;
    const text = `
      WITH v (${columns}) AS (${rows})
      INSERT INTO "${table}" (${columns})
      SELECT v.* FROM v JOIN (${owned}) m ON m."id" = v."matchId"
      ON CONFLICT DO NOTHING
      RETURNING "matchId", "index"`;
    // Named, its text depends on the table and on whether an owner is given, and so does its name.
    const name = `saloon-insert-${table}-${owner === undefined ? "any" : "owned"}`;
    const inserted = (this.pool ? (await this.throughPool(this.pool, name, text, parameters)).rows : await this.prisma.$queryRawUnsafe(text, ...parameters)) as { matchId: string; index: number }[];
    return new Set(inserted.map((row) => keyOf(row.matchId, row.index)));
  }

  /** The statement through the pool, as `statements` says (an EXECUTE takes string parameters only: chat's arrays go unnamed). */
  private throughPool(pool: QueryPool, name: string, text: string, parameters: unknown[]): Promise<{ rows: unknown[] }> {
    if (this.statements === "named") return pool.query({ name, text, values: parameters });
    if (this.statements === "executed" && parameters.every((value) => typeof value === "string")) return this.executePrepared(pool, name, text, parameters);
    return pool.query(text, parameters);
  }

  /**
   * `EXECUTE name(…)` with the parameters as literals (statements "executed"), after `PREPARE`
   * where the session does not know the statement yet: at the first batch, or after a restart of
   * the database. Another batch preparing it meanwhile is fine.
   */
  private async executePrepared(pool: QueryPool, named: string, text: string, parameters: string[]): Promise<{ rows: unknown[] }> {
    // An SQL name, unquoted: lower case, no hyphens ("saloon_insert_matchaction_owned").
    const name = named.replaceAll("-", "_").toLowerCase();
    const execute = `EXECUTE ${name}(${parameters.map(quoteLiteral).join(", ")})`;
    try {
      return await pool.query(execute);
    } catch (error) {
      if (sqlState(error) !== UNDEFINED_PREPARED_STATEMENT) throw error;
      await pool.query(`PREPARE ${name} AS ${text}`).catch((prepareError: unknown) => {
        if (sqlState(prepareError) !== DUPLICATE_PREPARED_STATEMENT) throw prepareError;
      });
      return await pool.query(execute);
    }
  }

  /** For each action already stored at its place: true if with the same content, false if different; absent if none is stored. */
  private async actionsStoredAs(items: (Pending & { kind: "action" })[]): Promise<Map<Pending, boolean>> {
    const keys = items.map(({ row }) => Prisma.sql`(${row.matchId}, ${row.index})`);
    const stored = await this.prisma.$queryRaw<{ matchId: string; index: number; seat: number; action: unknown }[]>`
      SELECT "matchId", "index", "seat", "action" FROM "MatchAction" WHERE ("matchId", "index") IN (${Prisma.join(keys)})`;
    const result = new Map<Pending, boolean>();
    for (const item of items) {
      const row = stored.find((s) => s.matchId === item.row.matchId && s.index === item.row.index);
      if (row) result.set(item, row.seat === item.row.seat && canonical(row.action) === canonical(JSON.parse(item.json)));
    }
    return result;
  }

  /** The same for chat lines: the same writer, seat and text at the same place is the same line. */
  private async chatStoredAs(items: (Pending & { kind: "chat" })[]): Promise<Map<Pending, boolean>> {
    const keys = items.map(({ matchId, line }) => Prisma.sql`(${matchId}, ${line.index})`);
    const stored = await this.prisma.$queryRaw<{ matchId: string; index: number; seat: number | null; name: string; text: string }[]>`
      SELECT "matchId", "index", "seat", "name", "text" FROM "MatchChat" WHERE ("matchId", "index") IN (${Prisma.join(keys)})`;
    const result = new Map<Pending, boolean>();
    for (const item of items) {
      const row = stored.find((s) => s.matchId === item.matchId && s.index === item.line.index);
      if (row) result.set(item, row.seat === item.line.seat && row.name === item.line.name && row.text === item.line.text);
    }
    return result;
  }
}

const byPerson = (item: Pending): boolean => item.kind === "action" && item.row.byPerson === true;

/** JSON with keys sorted: JSONB does not keep key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActionConflict, ActionRefused, ActionWriter, type ActionWriterOptions, OwnershipLost, type QueryPool } from "./action-writer.ts";
import { MatchStore } from "./match-store.ts";
import { TableOwnership } from "./table-ownership.ts";
import { testDatabases } from "./test-databases.ts";

// Both ways a batch can go: through the `pg` pool under Prisma (the server's) and through Prisma itself.
const cases = testDatabases().flatMap((database) => (["pg pool", "Prisma"] as const).map((via) => ({ name: database.name, via, database })));

describe.each(cases)("group commit of actions on $name, through $via", ({ database, via }) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  const makeWriter = (prisma: typeof db.prisma, logger?: ConstructorParameters<typeof ActionWriter>[1], options: ActionWriterOptions = {}) =>
    new ActionWriter(prisma, logger, via === "pg pool" ? { ...options, pool: options.pool ?? db.pool!, statements: db.config.kind === "postgres" ? "named" : "executed" } : options);
  let store: MatchStore;
  const matchIds = Array.from({ length: 40 }, (_, i) => `gc-${i}`);

  beforeAll(async () => {
    db = await database.open();
    // The server's way: PostgreSQL and PGlite in its worker are both reached through a pg pool.
    expect(db.pool).toBeDefined();
    store = new MatchStore(db.prisma);
    for (const id of matchIds) {
      await store.createMatch({ id, game: "fistful", rulesVersion: "1", options: {}, seed: id, status: "playing", createdAt: new Date(), seats: [] });
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("writes many tables' actions in few statements, each table's log complete and in order", async () => {
    const writer = makeWriter(db.prisma, undefined, { flushMs: 5, maxRows: 200 });
    const written: Promise<void>[] = [];
    // 40 tables, 25 actions each, arriving interleaved as they would from busy tables.
    for (let index = 0; index < 25; index++) {
      for (const matchId of matchIds) written.push(writer.append({ matchId, index, seat: index % 2, action: { type: "move", n: index }, at: new Date() }));
    }
    await Promise.all(written);
    expect(writer.stats.rows).toBe(1000);
    expect(writer.stats.batches).toBeLessThanOrEqual(20);
    const rows = await db.prisma.matchAction.findMany({ where: { matchId: "gc-7" }, orderBy: { index: "asc" } });
    expect(rows.map((r) => (r.action as { n: number }).n)).toEqual([...Array(25).keys()]);
    await writer.close();
    await expect(writer.append({ matchId: "gc-1", index: 99, seat: 0, action: { type: "x" }, at: new Date() })).rejects.toThrow("closed");
  });

  it("stores every action and time exactly as given, whatever characters its strings hold (the batch goes as one JSON text)", async () => {
    const writer = makeWriter(db.prisma, undefined, { flushMs: 5 });
    const awkward = ['a "quoted" {brace}, comma', "back\\slash \\\" end", "NULL", "", "Grüße 🐄 \u2028", "{}", '["x"]'];
    const at = new Date("2026-03-04T05:06:07.089Z");
    await Promise.all(awkward.map((text, i) => writer.append({ matchId: "gc-39", index: 300 + i, seat: i % 3, action: { type: "say", text, list: [text, null, 1.5] }, at })));
    const rows = await db.prisma.matchAction.findMany({ where: { matchId: "gc-39", index: { gte: 300 } }, orderBy: { index: "asc" } });
    expect(rows.map((r) => r.action)).toEqual(awkward.map((text) => ({ type: "say", text, list: [text, null, 1.5] })));
    expect(rows.map((r) => r.seat)).toEqual(awkward.map((_, i) => i % 3));
    expect(rows.every((r) => r.at.getTime() === at.getTime())).toBe(true);
    // What PostgreSQL would refuse (a NUL, a lone surrogate, in a value or a key) is cleaned, not refused.
    await writer.append({ matchId: "gc-39", index: 320, seat: 0, action: { type: "say", text: "nul\u0000 \ud800", "k\u0000": 1 }, at });
    expect((await db.prisma.matchAction.findUnique({ where: { matchId_index: { matchId: "gc-39", index: 320 } } }))?.action).toEqual({ type: "say", text: "nul \ufffd", k: 1 });
    await writer.close();
  });

  it("accepts a row it already committed, and refuses a different one at the same place (another process runs that table)", async () => {
    const writer = makeWriter(db.prisma);
    const at = new Date();
    await writer.append({ matchId: "gc-0", index: 100, seat: 1, action: { type: "take", where: { x: 1, y: 2 } }, at });
    // The same action again (an earlier attempt whose answer was lost), keys in another order: fine.
    await writer.append({ matchId: "gc-0", index: 100, seat: 1, action: { where: { y: 2, x: 1 }, type: "take" }, at });
    await expect(writer.append({ matchId: "gc-0", index: 100, seat: 0, action: { type: "other" }, at })).rejects.toBeInstanceOf(ActionConflict);
    await writer.close();
  });

  it("stores whether a person or a bot decided each action, and chat lines in the same batch, each settled once committed", async () => {
    const writer = makeWriter(db.prisma, undefined, { flushMs: 20 });
    const at = new Date("2026-05-06T07:08:09.010Z");
    // The person's move last: it sends the batch at once, with what was queued before it.
    const bot = writer.append({ matchId: "gc-5", index: 400, seat: 1, action: { type: "bot's" }, at });
    const line = { index: 0, seat: 0, name: "Ann\u0000", move: 400, text: "after my move \ud800 <b>", at: at.getTime() };
    const chat = writer.appendChat("gc-5", line);
    const spectator = writer.appendChat("gc-5", { ...line, index: 1, seat: null, name: "Spectator", text: "{\"x\"}, NULL" });
    const person = writer.append({ matchId: "gc-5", index: 401, seat: 0, action: { type: "mine" }, at, byPerson: true });
    await Promise.all([person, chat, spectator, bot]);
    // One statement for the batch's two actions, one for its two lines.
    expect(writer.stats.batches).toBe(2);
    expect(writer.stats.largestBatch).toBe(2);
    const actions = await db.prisma.matchAction.findMany({ where: { matchId: "gc-5", index: { gte: 400 } }, orderBy: { index: "asc" } });
    expect(actions.map((row) => row.byPerson)).toEqual([false, true]);
    const lines = await db.prisma.matchChat.findMany({ where: { matchId: "gc-5" }, orderBy: { index: "asc" } });
    expect(lines.map(({ index, seat, name, move, text, at }) => ({ index, seat, name, move, text, at: at.getTime() }))).toEqual([
      { index: 0, seat: 0, name: "Ann", move: 400, text: "after my move \ufffd <b>", at: at.getTime() },
      { index: 1, seat: null, name: "Spectator", move: 400, text: '{"x"}, NULL', at: at.getTime() },
    ]);
    // The same line again (a lost answer) is fine; another line at its place means another copy writes.
    await writer.appendChat("gc-5", line);
    await expect(writer.appendChat("gc-5", { ...line, text: "something else" })).rejects.toBeInstanceOf(ActionConflict);
    await writer.close();
  });

  it("sends a person's move at once, with the bots' moves queued before it; a bot's move alone waits for company", async () => {
    // A wait no test would sit through: only a person's move (or close) can send these rows.
    const writer = makeWriter(db.prisma, undefined, { flushMs: 60_000 });
    const at = new Date();
    let botStored = false;
    const bot = writer.append({ matchId: "gc-6", index: 500, seat: 1, action: { type: "bot's" }, at }).then(() => (botStored = true));
    await new Promise((done) => setTimeout(done, 300));
    expect(botStored).toBe(false);
    expect(writer.stats.batches).toBe(0);
    const started = performance.now();
    await writer.append({ matchId: "gc-8", index: 500, seat: 0, action: { type: "mine" }, at, byPerson: true });
    expect(performance.now() - started).toBeLessThan(30_000);
    await bot;
    // One statement for both: the bot's move rode along with the person's.
    expect(writer.stats.batches).toBe(1);
    expect(writer.stats.largestBatch).toBe(2);
    const stored = await db.prisma.matchAction.findMany({ where: { matchId: { in: ["gc-6", "gc-8"] }, index: 500 }, orderBy: { matchId: "asc" } });
    expect(stored.map((row) => [row.matchId, row.byPerson])).toEqual([["gc-6", false], ["gc-8", true]]);
    await writer.close();
  });

  it("settles a batch's people's moves before its bots' moves, each group in order", async () => {
    const writer = makeWriter(db.prisma, undefined, { flushMs: 60_000 });
    const at = new Date();
    const settled: string[] = [];
    const append = (matchId: string, person: boolean) =>
      writer.append({ matchId, index: 777, seat: 0, action: { type: "step" }, at, byPerson: person }).then(() => settled.push(matchId));
    // Bots' rows wait for company; the person's row sends them all in one batch.
    const rows = [append("gc-20", false), append("gc-21", false), append("gc-22", false)];
    await new Promise((done) => setTimeout(done, 20));
    rows.push(append("gc-23", true));
    await Promise.all(rows);
    expect(writer.stats.largestBatch).toBe(4);
    expect(settled).toEqual(["gc-23", "gc-20", "gc-21", "gc-22"]);
    await writer.close();
  });

  it("refuses only the rows the database refuses; the other tables in the batch are written", async () => {
    const errors: string[] = [];
    const writer = makeWriter(db.prisma, { warn: () => {}, error: (_d, message) => errors.push(message) }, { flushMs: 20 });
    const good = writer.append({ matchId: "gc-1", index: 200, seat: 0, action: { type: "ok" }, at: new Date() });
    const orphan = writer.append({ matchId: "no-such-match", index: 0, seat: 0, action: { type: "lost" }, at: new Date() });
    const alsoGood = writer.append({ matchId: "gc-2", index: 200, seat: 0, action: { type: "ok" }, at: new Date() });
    await expect(orphan).rejects.toBeInstanceOf(ActionRefused);
    await Promise.all([good, alsoGood]);
    expect(await db.prisma.matchAction.count({ where: { index: 200 } })).toBe(2);
    expect(errors).toHaveLength(1);
    await writer.close();
  });

  it("keeps a batch until it is written when the connection fails, and drains before closing", async () => {
    let failuresLeft = 2;
    const failing = <T extends object>(target: T, method: string): T =>
      new Proxy(target, {
        get(inner, key, receiver) {
          if (key === method && failuresLeft > 0) {
            return () => {
              failuresLeft -= 1;
              return Promise.reject(new Error("Connection terminated unexpectedly"));
            };
          }
          const value = Reflect.get(inner, key, receiver);
          return typeof value === "function" ? value.bind(inner) : value;
        },
      });
    const warnings: string[] = [];
    const logger = { warn: (_d: unknown, message: string) => warnings.push(message), error: () => {} };
    const writer =
      via === "pg pool"
        ? makeWriter(db.prisma, logger, { retryDelayMs: 5, pool: failing(db.pool!, "query") })
        : makeWriter(failing(db.prisma, "$queryRawUnsafe"), logger, { retryDelayMs: 5 });
    const pending = [0, 1, 2].map((i) => writer.append({ matchId: "gc-3", index: 300 + i, seat: 0, action: { type: "later" }, at: new Date() }));
    expect(writer.backlog).toBe(3);
    await writer.close();
    await Promise.all(pending);
    expect(warnings).toHaveLength(2);
    expect(await db.prisma.matchAction.count({ where: { matchId: "gc-3", index: { gte: 300 } } })).toBe(3);
  });

  /**
   * The database's pool, with `before` run on each query's text and values first (it may wait, or
   * throw). An EXECUTE of the prepared insert (statements "executed", PGlite) is shown to `before`
   * as the insert it runs, its quoted literals as the values.
   */
  const poolSeeing = (before: (text: string, values: unknown[]) => Promise<void> | void): QueryPool => ({
    async query(query: string | { name: string; text: string; values: unknown[] }, given?: unknown[]) {
      const { text, values } = typeof query === "string" ? asInsert(query, given ?? []) : query;
      await before(text, values);
      return typeof query === "string" ? db.pool!.query(query, given) : db.pool!.query(query);
    },
  });

  const asInsert = (text: string, values: unknown[]): { text: string; values: unknown[] } => {
    const executed = /^EXECUTE saloon_insert_matchaction_\w+\((.*)\)$/s.exec(text);
    if (!executed) return { text, values };
    const literals = [...executed[1]!.matchAll(/E'((?:[^'\\]|''|\\\\)*)'/gs)].map((m) => m[1]!.replaceAll("''", "'").replaceAll("\\\\", "\\"));
    return { text: 'INSERT INTO "MatchAction" (executed)', values: literals };
  };

  /** A pool whose action inserts wait until the test lets them go; `sent` lists each batch's rows as "match#index". */
  const heldPool = () => {
    const sent: string[][] = [];
    const held: (() => void)[] = [];
    const pool = poolSeeing(async (text, values) => {
      if (text.includes('INSERT INTO "MatchAction"')) {
        const rows = JSON.parse(values[0] as string) as { matchId: string; index: number }[];
        sent.push(rows.map(({ matchId, index }) => `${matchId}#${index}`));
        await new Promise<void>((go) => held.push(go));
      }
    });
    return { pool, sent, held };
  };
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 2) {
      if (waited > 3000) throw new Error("waited 3 s in vain");
      await new Promise((go) => setTimeout(go, 2));
    }
  };
  const row = (matchId: string, index: number) => ({ matchId, index, seat: 0, action: { type: "move", n: index }, at: new Date() });

  it.runIf(via === "pg pool" && database.name === "PostgreSQL")("writes through a named statement, prepared once per connection", async () => {
    // One connection, so the statements it keeps are the ones this writer made.
    const config = db.config as { kind: "postgres"; url: string };
    const single = new pg.Pool({ connectionString: config.url, max: 1 });
    try {
      const writer = makeWriter(db.prisma, undefined, { pool: single });
      await Promise.all([writer.append(row("gc-34", 700)), writer.append(row("gc-35", 700))]);
      await writer.append(row("gc-34", 701));
      await writer.close();
      const { rows } = await single.query("SELECT name FROM pg_prepared_statements");
      expect(rows.map((r: { name: string }) => r.name)).toEqual(["saloon-insert-MatchAction-any"]);
      expect(await db.prisma.matchAction.count({ where: { matchId: { in: ["gc-34", "gc-35"] }, index: { gte: 700 } } })).toBe(3);
    } finally {
      await single.end();
    }
  });

  it.runIf(via === "pg pool")("writes through a statement prepared by SQL and run by EXECUTE, prepared again when the session has lost it", async () => {
    // One connection (PGlite's pool has only one), so the statements its session keeps are known.
    const single = database.name === "PostgreSQL" ? new pg.Pool({ connectionString: (db.config as { url: string }).url, max: 1 }) : db.pool!;
    try {
      await single.query("DEALLOCATE ALL");
      const verbs: string[] = [];
      const counting: QueryPool = {
        query: ((query: string | { name: string; text: string; values: unknown[] }, given?: unknown[]) => {
          verbs.push((typeof query === "string" ? query : query.text).split(" ")[0]!);
          return typeof query === "string" ? single.query(query, given) : single.query(query);
        }) as QueryPool["query"],
      };
      const prepared = () => verbs.filter((verb) => verb === "PREPARE").length;
      const writer = new ActionWriter(db.prisma, undefined, { pool: counting, statements: "executed", flushMs: 1 });
      await Promise.all([writer.append(row("gc-36", 700)), writer.append(row("gc-37", 700))]);
      await writer.append(row("gc-36", 701));
      // Prepared at the first batch only: EXECUTE (not known yet), PREPARE, EXECUTE, then EXECUTE.
      expect(prepared()).toBe(1);
      expect(verbs.filter((verb) => verb === "EXECUTE")).toHaveLength(3);
      const { rows } = await single.query("SELECT name FROM pg_prepared_statements WHERE name LIKE 'saloon%'");
      expect(rows.map((r: { name: string }) => r.name)).toEqual(["saloon_insert_matchaction_any"]);
      // A session that forgot it (the database restarted, another client cleared it): prepared again.
      await single.query("DEALLOCATE ALL");
      await writer.append(row("gc-37", 701));
      expect(prepared()).toBe(2);
      // What the database refuses is still refused for its table alone, and the writer goes on.
      // (PGlite's socket server once left the batch after such a refusal unanswered: "named".)
      const refused = writer.append(row("no-such-match", 0)).catch((error: unknown) => error);
      await writer.append(row("gc-37", 702));
      expect(await refused).toBeInstanceOf(ActionRefused);
      await writer.append(row("gc-36", 703));
      await writer.close();
      const stored = await db.prisma.matchAction.findMany({ where: { matchId: { in: ["gc-36", "gc-37"] }, index: { gte: 700 } }, orderBy: [{ matchId: "asc" }, { index: "asc" }] });
      expect(stored.map((r) => `${r.matchId}#${r.index}`)).toEqual(["gc-36#700", "gc-36#701", "gc-36#703", "gc-37#700", "gc-37#701", "gc-37#702"]);
    } finally {
      if (single !== db.pool) await single.end();
    }
  });

  it.runIf(via === "pg pool")("keeps several batches in flight but never two of one table's: its next row waits for the earlier one's commit, and close drains them all", async () => {
    const { pool, sent, held } = heldPool();
    const writer = makeWriter(db.prisma, undefined, { flushMs: 1, maxInFlight: 3, pool });
    const first = writer.append(row("gc-10", 600));
    await until(() => sent.length === 1);
    const second = writer.append(row("gc-10", 601));
    const other = writer.append(row("gc-11", 600));
    // The other table's row goes beside the batch in flight; the same table's next row does not.
    await until(() => sent.length === 2);
    expect(sent[1]).toEqual(["gc-11#600"]);
    await new Promise((go) => setTimeout(go, 30));
    expect(sent).toHaveLength(2);
    expect(writer.backlog).toBe(1);
    held.shift()!();
    await first;
    await until(() => sent.length === 3);
    expect(sent[2]).toEqual(["gc-10#601"]);
    // Closing waits for both batches still in flight.
    let closed = false;
    const closing = writer.close().then(() => (closed = true));
    await new Promise((go) => setTimeout(go, 30));
    expect(closed).toBe(false);
    for (const go of held.splice(0)) go();
    await closing;
    await Promise.all([second, other]);
    const stored = await db.prisma.matchAction.findMany({ where: { matchId: { in: ["gc-10", "gc-11"] }, index: { gte: 600 } }, orderBy: [{ matchId: "asc" }, { index: "asc" }] });
    expect(stored.map((r) => `${r.matchId}#${r.index}`)).toEqual(["gc-10#600", "gc-10#601", "gc-11#600"]);
  });

  it.runIf(via === "pg pool")("has at most maxInFlight batches out; a row queued meanwhile goes as soon as one comes back", async () => {
    const { pool, sent, held } = heldPool();
    const writer = makeWriter(db.prisma, undefined, { flushMs: 1, maxInFlight: 2, pool });
    const rows = [writer.append(row("gc-20", 600))];
    await until(() => sent.length === 1);
    rows.push(writer.append(row("gc-21", 600)));
    await until(() => sent.length === 2);
    rows.push(writer.append(row("gc-22", 600)), writer.append(row("gc-23", 600)));
    await new Promise((go) => setTimeout(go, 30));
    expect(sent).toHaveLength(2);
    held.shift()!();
    await until(() => sent.length === 3);
    expect(sent[2]).toEqual(["gc-22#600", "gc-23#600"]);
    for (const go of held.splice(0)) go();
    await writer.close();
    await Promise.all(rows);
    expect(await db.prisma.matchAction.count({ where: { matchId: { in: ["gc-20", "gc-21", "gc-22", "gc-23"] }, index: 600 } })).toBe(4);
  });

  it.runIf(via === "pg pool")("stops a match: its queued rows are dropped at once, its batch in flight is awaited, other tables are untouched", async () => {
    const { pool, sent, held } = heldPool();
    const writer = makeWriter(db.prisma, undefined, { flushMs: 1, maxInFlight: 3, pool });
    const first = writer.append(row("gc-30", 600));
    await until(() => sent.length === 1);
    const queued = writer.append(row("gc-30", 601)).catch((error: unknown) => error);
    const other = writer.append(row("gc-31", 600));
    await until(() => sent.length === 2);
    let stopped = false;
    const stopping = writer.stop("gc-30").then(() => (stopped = true));
    expect(await queued).toBeInstanceOf(OwnershipLost);
    await new Promise((go) => setTimeout(go, 30));
    expect(stopped).toBe(false);
    for (const go of held.splice(0)) go();
    await stopping;
    await Promise.all([first, other]);
    await writer.close();
    const stored = await db.prisma.matchAction.findMany({ where: { matchId: { in: ["gc-30", "gc-31"] }, index: { gte: 600 } }, orderBy: [{ matchId: "asc" }, { index: "asc" }] });
    expect(stored.map((r) => `${r.matchId}#${r.index}`)).toEqual(["gc-30#600", "gc-31#600"]);
  });

  it.runIf(via === "pg pool")("leaves a stopped match's rows out of a batch being retried, and settles the stop once it is", async () => {
    let failures = 0;
    const pool = poolSeeing((text) => {
      if (text.includes('INSERT INTO "MatchAction"') && failures < 1) {
        failures += 1;
        throw new Error("Connection terminated unexpectedly");
      }
    });
    const writer = makeWriter(db.prisma, undefined, { flushMs: 1, retryDelayMs: 40, pool });
    const stoppedRow = writer.append(row("gc-32", 600)).catch((error: unknown) => error);
    const keptRow = writer.append(row("gc-33", 600));
    await until(() => failures === 1);
    await writer.stop("gc-32");
    expect(await stoppedRow).toBeInstanceOf(OwnershipLost);
    await keptRow;
    await writer.close();
    expect(await db.prisma.matchAction.count({ where: { matchId: "gc-32", index: 600 } })).toBe(0);
    expect(await db.prisma.matchAction.count({ where: { matchId: "gc-33", index: 600 } })).toBe(1);
  });

  it.runIf(database.name === "PostgreSQL" && via === "pg pool")(
    "lets a batch pass an ordinary update of its match that is still open, but not a claim by another process",
    async () => {
      const owner = new TableOwnership(db.prisma, "writer-locks");
      await owner.renew(60_000);
      await store.createMatch({ id: "locks-1", game: "fistful", rulesVersion: "1", options: {}, seed: "l", status: "playing", createdAt: new Date(), seats: [], ownerId: "writer-locks" });
      const writer = makeWriter(db.prisma, undefined, { flushMs: 1, owner: () => "writer-locks" });
      const other = await db.pool!.connect();
      try {
        // The match's start (or a seat changing hands) is being written and not committed yet.
        await other.query("BEGIN");
        await other.query(`UPDATE "Match" SET "table" = '{"private":true}', "startedAt" = now() WHERE "id" = 'locks-1'`);
        const passed = await Promise.race([writer.append(row("locks-1", 0)).then(() => "stored"), new Promise((done) => setTimeout(() => done("held up"), 2000))]);
        expect(passed).toBe("stored");
        await other.query("COMMIT");

        // Another process claims the match (its lease ran out, say) and has not committed yet:
        // the next batch waits for the claim, then writes nothing.
        await other.query("BEGIN");
        await other.query(`SELECT "id" FROM "Match" WHERE "id" = 'locks-1' FOR UPDATE`);
        await other.query(`UPDATE "Match" SET "ownerId" = 'writer-taker' WHERE "id" = 'locks-1'`);
        let settled = false;
        const late = writer.append(row("locks-1", 1)).then(
          () => "stored",
          (error: unknown) => error,
        );
        void late.then(() => (settled = true));
        await new Promise((done) => setTimeout(done, 300));
        expect(settled).toBe(false);
        await other.query("COMMIT");
        expect(await late).toBeInstanceOf(OwnershipLost);
      } finally {
        other.release();
        await writer.close();
      }
      expect((await db.prisma.matchAction.findMany({ where: { matchId: "locks-1" } })).map((r) => r.index)).toEqual([0]);
    },
  );

  it("writes a table's actions only while its process owns it: after a takeover the old copy can store nothing, and the new one loads every move the old one stored", async () => {
    const old = new TableOwnership(db.prisma, "writer-old");
    await old.renew(1);
    await store.createMatch({ id: "owned-1", game: "fistful", rulesVersion: "1", options: {}, seed: "o", status: "playing", createdAt: new Date(), seats: [], ownerId: "writer-old" });
    const oldWriter = makeWriter(db.prisma, undefined, { flushMs: 1, owner: () => "writer-old" });
    const newWriter = makeWriter(db.prisma, undefined, { flushMs: 1, owner: () => "writer-new" });
    // The new process may not write before it has taken the table.
    await expect(newWriter.append({ matchId: "owned-1", index: 0, seat: 0, action: { type: "early" }, at: new Date() })).rejects.toBeInstanceOf(OwnershipLost);

    // The old copy keeps storing moves one after another while the new process claims and loads the table.
    const stored: number[] = [];
    let refused: unknown = null;
    const playing = (async () => {
      for (let index = 0; index < 10_000 && !refused; index++) {
        await oldWriter.append({ matchId: "owned-1", index, seat: 0, action: { type: "move", n: index }, at: new Date() }).then(
          () => stored.push(index),
          (error: unknown) => (refused = error),
        );
      }
    })();
    while (stored.length < 5) await new Promise((done) => setTimeout(done, 2));
    const taker = new TableOwnership(db.prisma, "writer-new");
    await taker.renew(60_000);
    // A batch in flight holds the match row: the claim skips it then, and the next scan takes it.
    let claimed = false;
    for (let scan = 0; scan < 200 && !claimed; scan++) claimed = (await taker.claimOrphans({ everyOtherOwner: false })).some((c) => c.id === "owned-1");
    expect(claimed).toBe(true);
    const [loaded] = await taker.load(["owned-1"]);
    await playing;

    expect(refused).toBeInstanceOf(OwnershipLost);
    // Every move the old copy was told is stored is in what the new owner rebuilt from: none lost.
    expect(loaded!.actions.map((a) => a.index)).toEqual(stored);
    const next = stored.length;
    await newWriter.append({ matchId: "owned-1", index: next, seat: 1, action: { type: "after" }, at: new Date() });
    await expect(oldWriter.append({ matchId: "owned-1", index: next + 1, seat: 0, action: { type: "late" }, at: new Date() })).rejects.toBeInstanceOf(OwnershipLost);
    // Its chat neither: a line the old copy would show is never stored, so it is never shown.
    const line = { index: 0, seat: 0, name: "Old", move: next, text: "too late", at: Date.now() };
    await expect(oldWriter.appendChat("owned-1", line)).rejects.toBeInstanceOf(OwnershipLost);
    await newWriter.appendChat("owned-1", { ...line, name: "New", text: "here now" });
    expect((await db.prisma.matchChat.findMany({ where: { matchId: "owned-1" } })).map((row) => row.text)).toEqual(["here now"]);
    expect(await db.prisma.matchAction.count({ where: { matchId: "owned-1" } })).toBe(next + 1);
    await Promise.all([oldWriter.close(), newWriter.close()]);
  });
});

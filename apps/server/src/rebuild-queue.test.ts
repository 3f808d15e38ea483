/**
 * The order tables come back in after a restart (rebuild-queue.ts, RebuildQueue): the tables
 * somebody is waiting at first, read from the store together if their chunk is not there yet;
 * the rest in the store's order; every claimed table exactly once. And LoopTurns: one rebuild
 * starts per turn of the event loop.
 */
import type { ResumableMatch } from "@saloon/db";
import { describe, expect, it } from "vitest";
import { LoopTurns, RebuildQueue } from "./rebuild-queue.ts";
import { countLoopTurns } from "./test-support.ts";

function match(id: string): ResumableMatch {
  return { id, status: "playing", game: "fistful", rulesVersion: "2", options: null, seed: id, createdAt: new Date(0), startedAt: new Date(0), table: {}, seats: [], actions: [] };
}

/** A store whose reads finish only when the test says so, recording what was asked. */
function heldStore(known: Set<string>) {
  const reads: { ids: string[]; finish: () => void }[] = [];
  const load = (ids: string[]) =>
    new Promise<ResumableMatch[]>((done) => {
      reads.push({ ids, finish: () => done(ids.filter((id) => known.has(id)).map(match)) });
    });
  return { reads, load };
}

const tick = () => new Promise((done) => setImmediate(done));

async function drain(queue: RebuildQueue): Promise<string[]> {
  const order: string[] = [];
  for (let next = await queue.next(); next; next = await queue.next()) order.push(next.id);
  return order;
}

describe("the rebuild queue", () => {
  const ids = Array.from({ length: 250 }, (_, i) => `t${String(i).padStart(3, "0")}`);

  it("hands out every claimed table once, in the store's order, reading one chunk ahead", async () => {
    const store = heldStore(new Set(ids));
    const queue = new RebuildQueue(ids, store.load);
    const draining = drain(queue);
    await tick();
    expect(store.reads.map((r) => r.ids.length)).toEqual([100]);
    store.reads[0]!.finish();
    await tick();
    // While the first hundred are rebuilt, the next hundred are read.
    expect(store.reads.map((r) => r.ids.length)).toEqual([100, 100]);
    store.reads[1]!.finish();
    await tick();
    store.reads[2]!.finish();
    expect(await draining).toEqual(ids);
    expect(queue.missing()).toEqual([]);
  });

  it("rebuilds a table somebody waits at next, reading it alone when its chunk is not read yet", async () => {
    const store = heldStore(new Set(ids));
    const queue = new RebuildQueue(ids, store.load);
    await tick();
    store.reads[0]!.finish();
    const first = await queue.next();
    expect(first!.id).toBe("t000");
    // Somebody joins tables t230 and t240 (third chunk, not read) and t050 (read already).
    queue.rush("t230");
    queue.rush("t050");
    queue.rush("t240");
    await tick();
    // The tables rushed in one turn are read together, in one read.
    expect(store.reads.at(-1)!.ids).toEqual(["t230", "t240"]);
    expect((await queue.next())!.id).toBe("t050");
    // While t230 is being read the queue does not idle: the next table in order comes.
    expect((await queue.next())!.id).toBe("t001");
    store.reads.at(-1)!.finish();
    await tick();
    // Once read, t230 and t240 come before t002 although their chunk was never read.
    expect((await queue.next())!.id).toBe("t230");
    expect((await queue.next())!.id).toBe("t240");
    // A rush for a table already handed out changes nothing.
    queue.rush("t000");
    const rest = drain(queue);
    for (let i = 0; i < 10; i++) {
      await tick();
      for (const read of store.reads) read.finish();
    }
    const order = await rest;
    expect(order[0]).toBe("t002");
    expect(order).not.toContain("t230");
    expect(order).not.toContain("t240");
    expect(order).not.toContain("t050");
    expect(new Set([first!.id, "t050", "t001", "t230", "t240", ...order]).size).toBe(ids.length);
    expect(order.length).toBe(ids.length - 5);
    expect(queue.rushedCount).toBe(3);
  });

  it("has one read of rushed tables under way at a time: the tables rushed meanwhile go together in the next", async () => {
    const store = heldStore(new Set(ids));
    const queue = new RebuildQueue(ids, store.load);
    await tick();
    expect(store.reads).toHaveLength(1); // the first chunk, held
    queue.rush("t200");
    await tick();
    expect(store.reads.map((read) => read.ids)).toEqual([ids.slice(0, 100), ["t200"]]);
    // Three more turns, a table rushed in each, while t200's read is under way: no read of their own…
    for (const id of ["t210", "t220", "t230"]) {
      queue.rush(id);
      await tick();
    }
    expect(store.reads).toHaveLength(2);
    // …they go in one read as soon as it is back.
    store.reads[1]!.finish();
    await tick();
    await tick();
    expect(store.reads.map((read) => read.ids).slice(2)).toEqual([["t210", "t220", "t230"]]);
    store.reads[2]!.finish();
    await tick();
    expect((await queue.next())!.id).toBe("t200");
    expect((await queue.next())!.id).toBe("t210");
    store.reads[0]!.finish();
    const rest = drain(queue);
    for (let i = 0; i < 10; i++) {
      await tick();
      for (const read of store.reads) read.finish();
    }
    expect((await rest).slice(0, 2)).toEqual(["t220", "t230"]);
  });

  it("hands out many rushed tables in the order they were asked for, a rushed one still being read keeping its place", async () => {
    const store = heldStore(new Set(ids));
    const queue = new RebuildQueue(ids, store.load);
    await tick();
    store.reads[0]!.finish();
    // t200 (not read yet) is rushed first, then every table of the first chunk, backwards.
    queue.rush("t200");
    const backwards = ids.slice(0, 100).reverse();
    for (const id of backwards) queue.rush(id);
    const got: string[] = [];
    for (let i = 0; i < 50; i++) got.push((await queue.next())!.id);
    expect(got).toEqual(backwards.slice(0, 50));
    // Its read done, t200 comes next: ahead of the rushed tables after it.
    await tick();
    store.reads.find((read) => read.ids.includes("t200"))!.finish();
    await tick();
    expect((await queue.next())!.id).toBe("t200");
    expect((await queue.next())!.id).toBe(backwards[50]);
  });

  it("leaves out a table the store no longer has as running, and reports it missing", async () => {
    const known = new Set(ids.slice(0, 10));
    known.delete("t004");
    const store = heldStore(known);
    const queue = new RebuildQueue(ids.slice(0, 10), store.load);
    await tick();
    store.reads[0]!.finish();
    const order = await drain(queue);
    expect(order).toHaveLength(9);
    expect(queue.missing()).toEqual(["t004"]);
  });

  it("fails every waiting creator when the store fails", async () => {
    const queue = new RebuildQueue(["a", "b"], () => Promise.reject(new Error("database gone")));
    await expect(Promise.all([queue.next(), queue.next()])).rejects.toThrow("database gone");
    expect(queue.missing()).toEqual(["a", "b"]);
  });

  it("starts one waiter per turn of the event loop, so connections are accepted between two rebuilds", async () => {
    const turns = new LoopTurns();
    const started: number[] = [];
    const loop = countLoopTurns();
    await Promise.all(Array.from({ length: 5 }, (_, i) => turns.next().then(() => (started[i] = loop.turn))));
    loop.stop();
    expect(new Set(started).size).toBe(5);
    expect(started).toEqual([...started].sort((a, b) => a - b));
  });

  it("with a slice, starts every waiter in one turn and lets them go on until the slice is used up", async () => {
    const turns = new LoopTurns(40);
    const loop = countLoopTurns();
    const started: number[] = [];
    // Three creators, each taking 10 ms of the loop per step: four steps fit a 40 ms slice.
    const creator = async () => {
      for (let step = 0; step < 4; step++) {
        await turns.next();
        started.push(loop.turn);
        const until = performance.now() + 10;
        while (performance.now() < until);
      }
    };
    await Promise.all([creator(), creator(), creator()]);
    loop.stop();
    expect(started).toHaveLength(12);
    // Every creator waiting when the turn began starts in it.
    expect(started.filter((turn) => turn === started[0]).length).toBeGreaterThanOrEqual(3);
    // 120 ms of work in 40 ms slices: a step asked for once the slice is over waits for another
    // turn, and a turn takes several steps, never one per step (how many exactly depends on the
    // machine's pauses, so only the bounds are checked).
    expect(new Set(started).size).toBeGreaterThanOrEqual(2);
    expect(new Set(started).size).toBeLessThan(12);
    expect(started).toEqual([...started].sort((a, b) => a - b));
  });
});

/**
 * The bots' pace (issue #15 item 5) through the real server with real SDK clients: chosen when
 * the table is created, changed at the table by a seated person, and "skip ahead" for one run of
 * bot steps. Timings are asserted only on generous bounds; every bot step still reaches the log
 * on its own.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { MatchStore } from "@saloon/db";
import { createRandom } from "@saloon/engine";
import { TABLE_ROOM, decodeView } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOT_WAIT_SPREAD } from "./table-bots.ts";
import { type Recorder, bootTestServer, record, sleep, testGames, token } from "./test-support.ts";

/** The server's bot delay: the "normal" pace. */
const NORMAL_MS = 400;
/** The shortest a step at the normal pace waits: each wait strays from the delay by up to BOT_WAIT_SPREAD. */
const NORMAL_LEAST_MS = NORMAL_MS * (1 - BOT_WAIT_SPREAD);

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootTestServer({ botDelayMs: NORMAL_MS, rateLimit: { perSecond: 1000, burst: 1000 } });
});
afterAll(async () => {
  await colyseus.shutdown();
});
beforeEach(async () => {
  await colyseus.cleanup();
});

const fistful = testGames.fistful!;
async function annAndBot(botPace?: "instant" | "quick" | "normal") {
  const ann = await record(
    "ann",
    colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], name: "Ann", token: token("ann"), ...(botPace ? { botPace } : {}) }),
  );
  await ann.until(() => ann.latest.status === "playing", "the start");
  return ann;
}

/**
 * Ann plays her whole turn (the game's bot chooses for her); then the bot's turn is timed, from
 * Ann's last step being shown until she is asked again. `during` runs as the bot's turn begins.
 */
async function timeBotTurn(ann: Recorder, during?: () => void): Promise<{ ms: number; steps: number; logBatches: number }> {
  const random = createRandom("pace");
  await ann.until(() => ann.prompt(), "Ann's turn", 10_000);
  // Counted from Ann's last step as shown to her: at the instant pace the bot's whole turn can be
  // over before this loop looks again, so nothing may be counted from "now".
  let start = 0;
  let annStep = 0;
  let annLog = 0;
  while (ann.prompt()) {
    const version = ann.latest.version;
    const logs = ann.logMessages().length;
    ann.room.send("action", fistful.bot(decodeView(ann.latest, ann.seat!), ann.prompt()!, random));
    await ann.until(() => ann.latest.version > version && ann.logMessages().length > logs, "Ann's step and its log line");
    start = Date.now();
    annStep = version + 1;
    // Messages keep their order: the first log message after `logs` is her step's.
    annLog = logs + 1;
    // Her own part of the state follows the shared patch: give it a moment before asking again.
    await sleep(20);
    if (ann.latest.version > annStep) break; // the bot has begun already
  }
  during?.();
  await ann.until(() => ann.prompt() || ann.latest.status !== "playing", "Ann's next turn", 20_000);
  return { ms: Date.now() - start, steps: ann.latest.version - annStep, logBatches: ann.logMessages().length - annLog };
}

describe("bot pace", () => {
  it("is chosen when the table is created: instant plays a bot turn far faster than normal, step by step in the log", async () => {
    const normal = await annAndBot();
    expect(normal.latest.botPace).toBe("normal");
    const instant = await annAndBot("instant");
    expect(instant.latest.botPace).toBe("instant");
    const slow = await timeBotTurn(normal);
    const fast = await timeBotTurn(instant);
    for (const turn of [slow, fast]) {
      expect(turn.steps).toBeGreaterThanOrEqual(2);
      // One log message per bot step: the turn is shown as it was played.
      expect(turn.logBatches).toBeGreaterThanOrEqual(turn.steps);
    }
    expect(slow.ms).toBeGreaterThanOrEqual(slow.steps * NORMAL_LEAST_MS * 0.9);
    // Per step, instant costs only the store's write and the patch, which the normal pace pays as
    // well on top of its delay: the difference per step is the delay (compared so, a loaded
    // machine's slower writes do not count: on CI an instant step once took 207 ms against 479).
    expect(slow.ms / slow.steps - fast.ms / fast.steps).toBeGreaterThan(NORMAL_LEAST_MS * 0.5);
    console.log(`bot pace: normal ${slow.ms} ms for ${slow.steps} steps, instant ${fast.ms} ms for ${fast.steps} steps`);
  }, 60_000);

  it("is changed at the table by a seated person, for everyone; spectators and bad paces are refused", async () => {
    const ann = await annAndBot("normal");
    // A turn at the normal pace first, on this table, to compare the quick one with.
    const normal = await timeBotTurn(ann);
    const watcher = await record("watcher", colyseus.sdk.joinById(ann.room.roomId, { spectate: true }));
    const refusal = watcher.nextError();
    watcher.room.send("bot-pace", { pace: "instant" });
    expect((await refusal).code).toBe("NOT_SEATED");
    const bad = ann.nextError();
    ann.room.send("bot-pace", { pace: "warp" });
    expect((await bad).code).toBe("BAD_MESSAGE");
    expect(ann.latest.botPace).toBe("normal");

    ann.room.send("bot-pace", { pace: "quick" });
    await watcher.until(() => watcher.latest.botPace === "quick", "the new pace for the spectator");
    // Stored with the table's setup, so a table rebuilt after a restart keeps it.
    const store = (colyseus as unknown as { store: MatchStore }).store;
    await expect.poll(async () => ((await store.prisma.match.findUnique({ where: { id: ann.room.roomId } }))?.table as { botPace?: string })?.botPace).toBe("quick");
    const quick = await timeBotTurn(ann);
    expect(quick.ms).toBeGreaterThanOrEqual(quick.steps * NORMAL_LEAST_MS * 0.3 * 0.9);
    // The quick pace waits 0.3 of the normal delay: per step, 0.7 of it less than the normal turn
    // just played (at least 0.8 − 0.36 of it with the waits' spread). Compared so (with half of
    // that as the margin), a loaded machine's slower writes and patches, which both turns pay, do
    // not count: a CI run beside the browser tests once took 413 ms a quick step against a fixed
    // bound of 360.
    const leastGap = NORMAL_MS * (1 - BOT_WAIT_SPREAD) - NORMAL_MS * 0.3 * (1 + BOT_WAIT_SPREAD);
    expect(normal.ms / normal.steps - quick.ms / quick.steps).toBeGreaterThan(leastGap * 0.5);
    console.log(`bot pace: normal ${normal.ms} ms for ${normal.steps} steps, quick ${quick.ms} ms for ${quick.steps} steps`);
  }, 60_000);

  it("skip ahead plays the rest of the bots' run without waiting, still step by step", async () => {
    const ann = await annAndBot("normal");
    const skipped = await timeBotTurn(ann, () => ann.room.send("skip-bots"));
    expect(skipped.steps).toBeGreaterThanOrEqual(2);
    expect(skipped.logBatches).toBeGreaterThanOrEqual(skipped.steps);
    expect(skipped.ms).toBeLessThan((skipped.steps * NORMAL_MS) / 2);
    console.log(`bot pace: skipped ${skipped.ms} ms for ${skipped.steps} steps`);
    // The next run waits at the table's pace again.
    const next = await timeBotTurn(ann);
    expect(next.ms).toBeGreaterThanOrEqual(next.steps * NORMAL_LEAST_MS * 0.9);
    expect(ann.errors()).toEqual([]);
  }, 60_000);
});

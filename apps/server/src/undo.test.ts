/**
 * Taking back steps of one's own turn (issue #15 item 3), through the real server with real SDK
 * clients: one step per undo back to the turn's start, the typed refusals, everyone's view and
 * log, and the store: the stored log always replays to exactly what the players see.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { MatchStore } from "@saloon/db";
import { type ActionBase, type LogEvent, type Prompt, createRandom, replay } from "@saloon/engine";
import { TABLE_ROOM, decodeActed, decodeResult } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Recorder, bootTestServer, record, sleep, testGames, token } from "./test-support.ts";

let colyseus: ColyseusTestServer & { store: MatchStore };
beforeAll(async () => {
  colyseus = await bootTestServer({ rateLimit: { perSecond: 1000, burst: 1000 } });
});
afterAll(async () => {
  await colyseus.shutdown();
});
beforeEach(async () => {
  await colyseus.cleanup();
});

const fistful = testGames.fistful!;
/** Steps of a Fistful turn that never draw from the bag nor end the turn (engine tests: the window stays open). */
const OPEN_KINDS = new Set(["take", "direction", "place"]);

async function twoPeople() {
  const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: token("ann") }));
  const bob = await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: token("bob") }));
  await ann.until(() => ann.latest.status === "playing", "the start");
  return { ann, bob };
}

const undoCount = (player: Recorder): number => player.latest.seats[player.seat!]?.secret?.undo ?? 0;
const logOf = (player: Recorder): LogEvent[] => {
  const log: LogEvent[] = [];
  for (const message of player.logMessages()) {
    if (message.from === 0) log.length = 0;
    log.push(...message.events);
  }
  return log;
};

async function undo(player: Recorder): Promise<void> {
  const logs = player.logMessages().length;
  const errors = player.errors().length;
  player.room.send("undo");
  await player.until(() => player.logMessages().length > logs || player.errors().length > errors, "the undo's answer");
  expect(player.errors().slice(errors)).toEqual([]);
  await player.until(() => player.logMessages().at(-1)?.events.at(-1)?.type === "tookBack", "the take-back in the log");
}

async function refusedUndo(player: Recorder): Promise<string> {
  const next = player.nextError();
  player.room.send("undo");
  return (await next).code;
}

/** Answers the players' prompts with the game's bot, one at a time, until `stop` holds; `stop` is told who acted last. */
async function playUntil(players: Recorder[], until: (lastActor: Recorder | null) => boolean, seed = "undo-bot"): Promise<void> {
  const random = createRandom(seed);
  let lastActor: Recorder | null = null;
  const stop = () => until(lastActor);
  const owing = () => players.find((player) => player.latest.status === "playing" && player.prompt());
  for (let i = 0; i < 2000 && !stop(); i++) {
    // Each client re-checks only on its own messages: poll both.
    let player = owing();
    for (let waited = 0; !player && !stop() && waited < 5000; waited += 5) {
      await sleep(5);
      player = owing();
    }
    if (stop()) break;
    if (!player) throw new Error(`nobody was asked anything for 5 s: ${JSON.stringify(players.map((p) => [p.latest.status, p.latest.version, (p.latest.seats[p.seat!]?.secret?.prompt ?? "").slice(0, 80), undoCount(p)]))}`);
    await player.act(fistful.bot(player.view(), player.prompt()!, random));
    lastActor = player;
  }
  expect(stop()).toBe(true);
}

/** The stored log, replayed from the stored seed, as `player` would see it; with the count of stored moves. */
async function storedGame(tableId: string, seat: number) {
  const match = await colyseus.store.prisma.match.findUniqueOrThrow({ where: { id: tableId } });
  const rows = await colyseus.store.prisma.matchAction.findMany({ where: { matchId: tableId }, orderBy: { index: "asc" } });
  rows.forEach((row, index) => expect(row.index).toBe(index));
  const state = replay(fistful, match.seed, 2, {}, rows.map((row) => ({ seat: row.seat, action: row.action as ActionBase })));
  return { moves: rows.length, view: JSON.parse(JSON.stringify(fistful.view(state, seat))) };
}

describe("undo", () => {
  it("takes back one step at a time to the start of the turn; the store keeps only what counts", async () => {
    const { ann, bob } = await twoPeople();
    const tableId = ann.room.roomId;
    // A turn of Ann's that starts right after Bob's step (her first one follows her own sign
    // placement, which she could take back; and a "take" later in her own turn can follow a draw,
    // which closes the window: the table's seed differs every run).
    await playUntil([ann, bob], (last) => last === bob && ann.prompt()?.kind === "take" && undoCount(ann) === 0);

    const start = { view: ann.view(), prompt: ann.prompt(), log: logOf(ann), version: ann.latest.version, acted: decodeActed(ann.latest, 0) };
    expect(start.acted).toBeLessThan(start.version); // Bob moved last
    expect(undoCount(ann)).toBe(0);
    expect(await refusedUndo(ann)).toBe("NOTHING_TO_UNDO");

    // Steps that draw nothing: each can be taken back.
    const before: { view: unknown; prompt: unknown }[] = [];
    while (OPEN_KINDS.has(ann.prompt()?.kind ?? "") && before.length < 3) {
      before.push({ view: ann.view(), prompt: ann.prompt() });
      await ann.act(ann.prompt()!.options.at(-1)!);
      await ann.until(() => undoCount(ann) === before.length || !OPEN_KINDS.has(ann.prompt()?.kind ?? ""), "the undo count");
      if (undoCount(ann) !== before.length) {
        // That step ended the window after all (it cannot happen for these kinds): the test says so.
        expect.fail(`a "${(before.at(-1)!.prompt as Prompt<ActionBase>).kind}" step closed the undo window`);
      }
    }
    expect(before.length).toBeGreaterThanOrEqual(1);
    // Bob may not take back Ann's steps.
    expect(await refusedUndo(bob)).toBe("NOT_YOUR_TURN");

    for (let taken = 1; taken <= before.length; taken++) {
      await undo(ann);
      const back = before[before.length - taken]!;
      expect(ann.view()).toEqual(back.view);
      expect(ann.prompt()).toEqual(back.prompt);
      expect(undoCount(ann)).toBe(before.length - taken);
      // Ann's `acted` goes back to her step before (or to where it was when her turn began).
      expect(decodeActed(ann.latest, 0)).toBe(taken < before.length ? start.version + before.length - taken : start.acted);
      // Bob sees the game as it was too, and the stored log replays to exactly that.
      await bob.until(() => bob.latest.version === ann.latest.version, "Bob's copy");
      const stored = await storedGame(tableId, 0);
      expect(stored.moves).toBe(ann.latest.version);
      expect(stored.view).toEqual(ann.view());
    }
    expect(ann.view()).toEqual(start.view);
    expect(ann.latest.version).toBe(start.version);
    // The log lost the taken-back steps' entries and says that Ann took back steps, for everyone.
    const tookBack = Array.from({ length: before.length }, () => ({ type: "tookBack", seat: 0 }));
    expect(logOf(ann)).toEqual([...start.log, ...tookBack]);
    await bob.until(() => logOf(bob).length === start.log.length + before.length, "Bob's log");
    expect(logOf(bob).slice(-before.length)).toEqual(tookBack);
    expect(await refusedUndo(ann)).toBe("NOTHING_TO_UNDO");
    // Her next step gets the first taken-back step's version, and `acted` shows it: she knows it landed.
    await ann.act(ann.prompt()!.options[0]!);
    expect(ann.latest.version).toBe(start.version + 1);
    expect(decodeActed(ann.latest, 0)).toBe(start.version + 1);

    // The game goes on to its end; the stored match is what was played, minus what was taken back.
    await playUntil([ann, bob], () => ann.latest.status === "finished");
    const end = ann.latest;
    const stored = await storedGame(tableId, 0);
    expect(stored.moves).toBe(end.version);
    const finalRows = await colyseus.store.prisma.matchResult.findMany({ where: { matchId: tableId }, orderBy: { seat: "asc" } });
    expect(finalRows.map((row) => row.total)).toEqual(decodeResult(end)!.lines.map((line) => line.total));
  }, 60_000);

  it("refuses spectators, the other seat, a seat after the turn passed, and garbage; a move racing an undo stays in order", async () => {
    const { ann, bob } = await twoPeople();
    const watcher = await record("watcher", colyseus.sdk.joinById(ann.room.roomId, { spectate: true }));
    // Through the setup's signs to Ann's first real choice.
    await playUntil([ann, bob], () => ann.prompt()?.kind === "take");
    expect(await refusedUndo(watcher)).toBe("NOT_SEATED");
    expect(await refusedUndo(bob)).toBe("NOT_YOUR_TURN");

    // Asking ahead whether a step is final: choosing where to take from is not; asking changes nothing.
    const options = ann.prompt()!.options;
    const versionBefore = ann.latest.version;
    ann.room.send("check-step", options[0]!);
    const check = await ann.until(() => ann.messages.find((m) => m.type === "step-check"), "the check's answer");
    // The answer repeats the question (the option, the version it was checked at): the client matches them.
    expect(check.payload).toEqual({ final: false, endsTurn: false, option: options[0], version: versionBefore });
    await sleep(50);
    expect(ann.latest.version).toBe(versionBefore);

    // A step, its undo and another step sent at once: the server takes them in order.
    const version = ann.latest.version;
    ann.room.send("action", options[0]!);
    ann.room.send("undo");
    ann.room.send("action", options.at(-1)!);
    await ann.until(() => ann.latest.version === version + 1 && logOf(ann).some((e) => e.type === "tookBack"), "the three messages' effect");
    await sleep(100);
    expect(ann.errors()).toEqual([]);
    expect(decodeActed(ann.latest, 0)).toBe(version + 1);
    const stored = await storedGame(ann.room.roomId, 0);
    expect(stored.moves).toBe(version + 1);
    expect(stored.view).toEqual(ann.view());

    // Ann finishes her turn, the last step checked first: it ends the turn (or draws, and is final anyway).
    await playUntil([ann], () => ann.prompt() === null || (ann.prompt()!.kind === "build"));
    if (ann.prompt()?.kind === "build") {
      const checks = ann.messages.filter((m) => m.type === "step-check").length;
      ann.room.send("check-step", ann.prompt()!.options[0]!);
      const last = await ann.until(() => ann.messages.filter((m) => m.type === "step-check")[checks], "the last step's check");
      expect(last.payload).toMatchObject({ final: true });
    }
    await playUntil([ann], () => ann.prompt() === null);
    await bob.until(() => bob.prompt(), "Bob's turn");
    expect(await refusedUndo(ann)).toBe("NOT_YOUR_TURN");
    expect(await refusedUndo(bob)).toBe("NOTHING_TO_UNDO");
    await bob.act(bob.prompt()!.options[0]!);
    expect(await refusedUndo(ann)).toBe("NOT_YOUR_TURN");

    // A flood of undos is refused by the table's rate limit like any other message, typed.
    for (let i = 0; i < 5; i++) watcher.room.send("undo", { junk: "x".repeat(100) });
    await watcher.until(() => watcher.errors().length >= 6, "the refusals");
    expect(new Set(watcher.errors().map((e) => e.code))).toEqual(new Set(["NOT_SEATED"]));
  }, 60_000);
});

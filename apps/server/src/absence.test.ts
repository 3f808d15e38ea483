/**
 * Leaving is not losing: a person who leaves a running game keeps the seat through a grace
 * period the others see counting down; then the others give it to a bot or end the game; a
 * table whose people all left keeps its grace period instead of closing. And a move counts
 * once it is stored: nobody sees an action the store has not committed.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { MatchStore } from "@saloon/db";
import { replay } from "@saloon/engine";
import { type MatchDetail, TABLE_ROOM, decodeView } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SaloonServer } from "./app.ts";
import type { TableRoom } from "./table-room.ts";
import { type Recorder, autoPlay, bootTestServer, httpBase, record, sleep, storedActions, testGames, token } from "./test-support.ts";

const fistful = testGames.fistful!;

let colyseus: ColyseusTestServer & { store: MatchStore; saloon: SaloonServer };
beforeAll(async () => {
  colyseus = await bootTestServer({ rateLimit: { perSecond: 1000, burst: 1000 }, closingSeconds: 1 });
});
afterAll(async () => {
  await colyseus.shutdown();
});
beforeEach(async () => {
  await colyseus.cleanup();
});

function serverRoom(player: Recorder): TableRoom | undefined {
  return colyseus.getRoomById<TableRoom>(player.room.roomId);
}

async function storedStatus(matchId: string): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const status = (await colyseus.store.prisma.match.findUnique({ where: { id: matchId } }))?.status;
    if (status !== "playing" && status !== "waiting") return status;
    await sleep(30);
  }
  return "playing";
}

/** Ann and Bob at a two-seat Fistful table with the given grace period, already playing. */
async function table(graceSeconds: number) {
  const annToken = token("ann");
  const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, graceSeconds, name: "Ann", token: annToken }));
  const bob = await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: token("bob") }));
  await ann.until(() => ann.latest.status === "playing", "the start");
  return { ann, bob, annToken, tableId: ann.room.roomId };
}

describe("a person who leaves a running game", () => {
  it("keeps the seat through the grace period, shown to the others, and takes it back with the same token", async () => {
    const { ann, bob, annToken, tableId } = await table(300);
    const before = Date.now();
    await ann.room.leave(true);
    const away = await bob.until(() => bob.latest.seats[0]!.awayUntil > 0 && bob.latest.seats[0], "Ann away");
    expect(away).toMatchObject({ kind: "human", name: "Ann", connected: false, graceOver: false });
    expect(away.awayUntil).toBeGreaterThanOrEqual(before + 299_000);
    expect(away.awayUntil).toBeLessThanOrEqual(Date.now() + 300_000);
    expect(serverRoom(bob)?.state.status).toBe("playing");

    const back = await record("ann again", colyseus.sdk.joinById(tableId, { name: "Ann", token: annToken }));
    expect(back.seat).toBe(0);
    await bob.until(() => bob.latest.seats[0]!.connected && bob.latest.seats[0]!.awayUntil === 0, "Ann back");
    expect(back.errors()).toEqual([]);
  });

  it("once the grace period is over, the others may give the seat to a bot, which plays on; the person can still take it back", async () => {
    const { ann, bob, annToken, tableId } = await table(1);
    await ann.room.leave(true);
    // Before the end of the grace period the choice is refused.
    bob.room.send("absent-seat", { seat: 0, choice: "bot" });
    expect((await bob.nextError()).code).toBe("NOT_NOW");
    await bob.until(() => bob.latest.seats[0]!.graceOver, "the end of Ann's grace period", 5000);
    // Only a seated person decides, and only about an absent person's seat.
    bob.room.send("absent-seat", { seat: 1, choice: "end" });
    expect((await bob.nextError()).code).toBe("NOT_NOW");
    bob.room.send("absent-seat", { seat: 0, choice: "maybe" });
    expect((await bob.nextError()).code).toBe("BAD_MESSAGE");

    const version = bob.latest.version;
    bob.room.send("absent-seat", { seat: 0, choice: "bot" });
    await bob.until(() => bob.latest.seats[0]!.kind === "bot", "a bot on Ann's seat");
    expect(bob.latest.seats[0]).toMatchObject({ name: "Bot for Ann", graceOver: false, awayUntil: 0 });
    autoPlay(bob, fistful);
    await bob.until(() => bob.snapshots.some((s) => s.version > version + 4), "the game going on with the bot");
    // The seat's person is still on record: a rebuilt table would give it back to them.
    const seatRow = await colyseus.store.prisma.matchSeat.findUnique({ where: { matchId_seat: { matchId: tableId, seat: 0 } }, include: { player: true } });
    expect(seatRow?.player?.displayName).toBe("Ann");

    const back = await record("ann again", colyseus.sdk.joinById(tableId, { name: "Ann", token: annToken }));
    expect(back.seat).toBe(0);
    await bob.until(() => bob.latest.seats[0]!.kind === "human" && bob.latest.seats[0]!.name === "Ann", "Ann taking her seat back");
    // Nobody saw her seat's own view or prompt while the bot played it (the server left them as
    // they were): from the first state she gets back, they are her seat's at that version.
    const room = serverRoom(bob)!;
    // Every state shown is stored: the log to rebuild each one from.
    const actions = await storedActions(colyseus, tableId);
    for (const snapshot of back.snapshots) {
      const then = replay(fistful, room.seed, 2, fistful.parseOptions(undefined), actions.slice(0, snapshot.version));
      expect(decodeView(snapshot, 0), `Ann's view at version ${snapshot.version}`).toEqual(JSON.parse(JSON.stringify(fistful.view(then, 0))));
      const shown = snapshot.seats[0]!.secret!.prompt;
      const owed = fistful.prompts(then).find((prompt) => prompt.seat === 0);
      expect(shown === "" ? null : JSON.parse(shown), `Ann's prompt at version ${snapshot.version}`).toEqual(owed ? JSON.parse(JSON.stringify(owed)) : null);
    }
  });

  it("once the grace period is over, the others may end the game: stored as abandoned, replayable from its log", async () => {
    const { ann, bob, tableId } = await table(0);
    autoPlay(ann, fistful);
    autoPlay(bob, fistful);
    await bob.until(() => bob.latest.version >= 6, "a few moves");
    await ann.room.leave(true);
    await bob.until(() => bob.latest.seats[0]!.graceOver, "Ann's grace period over");
    bob.room.send("absent-seat", { seat: 0, choice: "end" });
    const ended = await bob.until(() => bob.snapshots.find((s) => s.status === "abandoned"), "the end of the game");
    expect(ended.endReason).toBe("ended-by-players");
    expect(await storedStatus(tableId)).toBe("abandoned");

    const answer = await fetch(`${httpBase(colyseus)}/api/matches/${tableId}`);
    expect(answer.status).toBe(200);
    const detail = (await answer.json()) as MatchDetail;
    expect(detail).toMatchObject({ status: "abandoned", endReason: "ended-by-players", scores: null });
    expect(detail.actions.length).toBe(ended.version);
    // The stored log rebuilds the game as it stood.
    const rebuilt = replay(fistful, detail.seed, 2, detail.options, detail.actions);
    expect(fistful.isOver(rebuilt)).toBe(false);
    // The table closes a moment later (closingSeconds: 1).
    await bob.until(() => bob.left, "the table closing", 5000);
  });

  it("a table whose people all left stays open through the grace period, then ends as abandoned", async () => {
    const { ann, bob, tableId } = await table(1);
    await ann.room.leave(true);
    await bob.room.leave(true);
    await sleep(300);
    // Nobody is connected, and the table is still there.
    expect(colyseus.getRoomById<TableRoom>(tableId)?.state.status).toBe("playing");
    expect(await storedStatus(tableId)).toBe("abandoned");
    const stored = await colyseus.store.prisma.match.findUnique({ where: { id: tableId } });
    expect(stored?.endReason).toBe("all-left");
    await sleep(200);
    expect(colyseus.getRoomById<TableRoom>(tableId)).toBeUndefined();
  });

  it("a person coming back within the grace period keeps the table going even if everyone had left", async () => {
    const { ann, bob, annToken, tableId } = await table(2);
    await ann.room.leave(true);
    await bob.room.leave(true);
    const back = await record("ann again", colyseus.sdk.joinById(tableId, { name: "Ann", token: annToken }));
    await sleep(2300);
    expect(back.latest.status).toBe("playing");
    // Bob's grace period is over; Ann decides.
    expect(back.latest.seats[1]!.graceOver).toBe(true);
  });
});

describe("a move counts once it is stored", () => {
  it("no client ever sees an action the database has not committed", async () => {
    // Every write of actions is slowed down by 150 ms; the count of committed rows is known at once.
    let committed = 0;
    const prisma = colyseus.store.prisma;
    // The writer sends each batch as one raw statement with array parameters (action-writer.ts).
    // Put back as it was, unbound: a transaction's client reads the method off this one and calls
    // it as its own (bound to this client, a finish's statements would run outside their transaction).
    const original = prisma.$queryRawUnsafe;
    const slow = ((text: string, ...values: unknown[]) =>
      (async () => {
        const isInsert = text.includes(`INSERT INTO "MatchAction"`);
        if (isInsert) await sleep(150);
        const rows = (await original.call(prisma, text, ...values)) as unknown[];
        if (isInsert) committed += rows.length;
        return rows;
      })()) as typeof prisma.$queryRawUnsafe;
    (prisma as { $queryRawUnsafe: unknown }).$queryRawUnsafe = slow;
    try {
      const cy = await record("cy", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], name: "Cy", token: token("cy") }));
      const behind: number[] = [];
      cy.room.onStateChange((state) => {
        const version = (state as unknown as { version: number }).version;
        if (version > committed) behind.push(version);
      });
      autoPlay(cy, fistful);
      await cy.until(() => cy.latest.version >= 8, "eight moves", 15_000);
      expect(behind).toEqual([]);
      expect(committed).toBeGreaterThanOrEqual(8);
    } finally {
      (prisma as { $queryRawUnsafe: unknown }).$queryRawUnsafe = original;
    }
  });
});

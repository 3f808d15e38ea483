/**
 * A whole game of Great Western Trail: El Paso through the real server with real SDK clients (two
 * people, a server bot and a spectator), and proof from everything each client received (decoded
 * states, log messages, raw frames) that its secrets stayed where they belong: a hand with its
 * owner until El Paso reveals it to everyone, no draw pile's order with anyone (its owner
 * included), no face-down objective or bonus stack's order, no seed, no RNG state.
 */
import { games } from "@saloon/catalog";
import { type LogEvent, type Seat, replay } from "@saloon/engine";
import { TABLE_ROOM, decodeResult, decodeView } from "@saloon/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Recorder, type TestServer, actedMismatches, bootTestServer, keysOf, playWholeGame, record, rngStatesSeen, token } from "./test-support.ts";

interface PlayerState {
  hand: string[];
  draw: string[];
  discard: string[];
}
interface ElPasoState {
  players: PlayerState[];
  objPile: string[];
  bonPile: string[];
}
interface PlayerView {
  hand?: string[];
  discard?: string[];
  breedingValue?: number;
  handCount: number;
  drawCount: number;
}
interface ElPasoView {
  viewer: Seat | null;
  players: PlayerView[];
  objPile: number;
  bonPile: number;
}

const elPaso = games["el-paso"]!;

let colyseus: TestServer;
beforeAll(async () => {
  colyseus = await bootTestServer({ rateLimit: { perSecond: 1000, burst: 1000 } });
});
afterAll(async () => {
  await colyseus.shutdown();
});

const events = (player: Recorder): LogEvent[] => player.logMessages().flatMap((m) => m.events);

describe("El Paso at a table", () => {
  it("two people, a bot and a spectator play to the end; hands, piles and stacks stay secret; deliveries reveal the hand to all", async () => {
    const thinker = colyseus.saloon.thinker;
    const answersBefore = { ...thinker.answers };
    const game = await playWholeGame(colyseus, elPaso);
    const { ann, bob, watcher, end, seed, events: allEvents, actions } = game;
    // The bot's decisions were made in the bots' thread from its own copy of the table, brought up
    // to date by each question's actions: none was refused there and made here instead.
    expect(thinker.answers.decided - answersBefore.decided).toBeGreaterThanOrEqual(actions.filter((a) => a.seat === 2).length);
    expect(thinker.answers.unavailable - answersBefore.unavailable).toBe(0);
    const state = game.state as ElPasoState;
    expect([ann.seat, bob.seat, watcher.seat]).toEqual([0, 1, null]);
    const result = decodeResult(end);
    expect(result).toEqual(elPaso.scores(state));
    expect(result!.categories).toEqual(["money", "buildings", "posts", "workers", "cattle", "bonuses", "objectives"]);
    for (const player of [ann, bob]) expect(decodeResult(player.latest)).toEqual(result);
    expect(replay(elPaso, seed, 3, {}, actions)).toEqual(state);
    // Each person's `acted` told, in every state it received, which version carried its latest action.
    for (const player of [ann, bob]) expect(actedMismatches(player, actions)).toEqual([]);

    // Each seat's hand at every moment, rebuilt from the seed and the log. (A hand is secret while
    // held; El Paso reveals it. Only a seat's own view has a hand, synced at the path
    // /players/<seat>/hand (docs/sync.md), so finding another seat's hand path names a leak.)
    const hands: string[][] = [[], [], []];
    let moment = elPaso.setup(seed, 3, elPaso.parseOptions({})) as ElPasoState;
    const remember = (s: ElPasoState) => s.players.forEach((p, seat) => p.hand.length > 0 && hands[seat]!.push(JSON.stringify(p.hand)));
    remember(moment);
    for (const { seat, action } of actions) {
      const next = elPaso.apply(moment, seat, action);
      if (!next.ok) throw new Error(next.error.message);
      moment = next.state as ElPasoState;
      remember(moment);
    }
    // Orders nobody may know: the draw piles and stacks as they are at the end, never drawn from.
    // (An earlier pile's order becomes known as it is drawn, and a later delivery may show it.)
    const orders = [...state.players.map((p) => p.draw), state.objPile, state.bonPile].filter((pile) => pile.length >= 2).map((pile) => JSON.stringify(pile));
    // What each viewer may see, at every moment (the views the rules make for it): a short pile
    // made by a reshuffle can hold two cards in an order the seat once saw in its own hand or
    // discard pile (a CI run, 7 Dec 2026: ["W-COW-03","W-BLD-03"]); such an order is no leak.
    const mayKnow = new Map<number | null, string>();
    for (const viewer of [0, 1, null]) {
      let at = elPaso.setup(seed, 3, elPaso.parseOptions({})) as ElPasoState;
      const seen = [JSON.stringify(elPaso.view(at, viewer))];
      for (const { seat, action } of actions) {
        const next = elPaso.apply(at, seat, action);
        if (!next.ok) throw new Error(next.error.message);
        at = next.state as ElPasoState;
        seen.push(JSON.stringify(elPaso.view(at, viewer)));
      }
      mayKnow.set(viewer, seen.join("\n"));
    }
    expect(orders.length).toBeGreaterThan(0);
    const neverDrawn = [...state.objPile, ...state.bonPile];
    expect(neverDrawn.length).toBeGreaterThan(0);
    const deliveries = allEvents.filter((e) => e.type === "revealedHand");
    expect(deliveries.length).toBeGreaterThan(5);

    for (const player of [ann, bob, watcher]) {
      const me = player.seat ?? null;
      const wire = player.wireText();
      const decoded = player.decodedText();
      const text = `${wire}\n${decoded}`;

      // Positive control: this client's own hands did reach it, so the absences below mean something.
      // The path itself, not a longer one such as /players/1/handCount.
      const handPath = (seat: number) => new RegExp(`/players/${seat}/hand(?!\\w)`);
      if (me !== null) {
        expect(handPath(me).test(wire), `${player.label} never received its own hand's path`).toBe(true);
        expect(hands[me]!.some((hand) => wire.includes(hand)), `${player.label} never received its own hand`).toBe(true);
      }
      for (const seat of [0, 1, 2]) {
        if (seat === me) continue;
        expect(handPath(seat).test(text), `${player.label} received seat ${seat}'s hand`).toBe(false);
      }
      for (const order of orders) if (!mayKnow.get(me)!.includes(order)) expect(text.includes(order), `${player.label} received the order of a pile: ${order}`).toBe(false);
      for (const tile of neverDrawn) expect(text.includes(`"${tile}"`), `${player.label} received ${tile}, which never left its stack`).toBe(false);

      // At every moment: other seats' hands, discard piles and breeding values absent; piles and stacks as counts.
      let sawOwnHand = false;
      for (const snapshot of player.snapshots) {
        if (snapshot.status === "waiting") continue;
        const view = decodeView<ElPasoView>(snapshot, me);
        const keys = keysOf(view);
        for (const secret of ["rng", "seed", "draw", "objPileOrder"]) expect(keys.has(secret), `${player.label} decoded a "${secret}" field`).toBe(false);
        expect(view.viewer).toBe(me);
        expect(typeof view.objPile).toBe("number");
        expect(typeof view.bonPile).toBe("number");
        view.players.forEach((p, seat) => {
          if (seat === me) {
            if (p.hand && p.hand.length > 0) sawOwnHand = true;
            return;
          }
          expect(p.hand, `${player.label} saw seat ${seat}'s hand`).toBeUndefined();
          expect(p.discard, `${player.label} saw seat ${seat}'s whole discard pile`).toBeUndefined();
          expect(p.breedingValue, `${player.label} saw seat ${seat}'s breeding value`).toBeUndefined();
        });
        for (const seat of snapshot.seats) if (seat.seat !== me) expect(seat.secret, `${player.label} got seat ${seat.seat}'s secret`).toBeUndefined();
      }
      expect(sawOwnHand).toBe(me !== null);

      // Private events (the cards a seat draws) reached only their own seat.
      const received = events(player);
      for (const event of received) if (event.onlyFor) expect(event.onlyFor, `${player.label} got ${event.type} for others`).toContain(me);
      expect(received.filter((e) => e.onlyFor).every((e) => e.type === "drewCattle")).toBe(true);
      if (me !== null) expect(received.some((e) => e.type === "drewCattle" && e.seat === me)).toBe(true);
      else expect(received.some((e) => e.onlyFor)).toBe(false);
      // Every delivery revealed the whole hand to everyone, exactly as the server saw it.
      expect(received.filter((e) => e.type === "revealedHand")).toEqual(deliveries);

      // No RNG state number reached the client, nor the seed.
      expect(text.includes(seed), `${player.label} received the seed`).toBe(false);
      const digitRuns = new Set([...text.matchAll(/\d{6,}/g)].map((m) => m[0]));
      const leaked = rngStatesSeen.flat().filter((n) => Math.abs(n) >= 100_000 && digitRuns.has(String(Math.abs(n))));
      expect(leaked, `${player.label} received RNG state numbers`).toEqual([]);
    }
    expect(watcher.snapshots.every((s) => s.seats.every((seat) => seat.secret === undefined))).toBe(true);
    expect(ann.errors()).toEqual([]);
    expect(bob.errors()).toEqual([]);
  }, 90_000);

  it("refuses table options the rules do not know, and keeps a table's live scores off when asked", async () => {
    await expect(
      colyseus.sdk.create(TABLE_ROOM, { game: elPaso.id, seats: 2, options: { bSides: [9] }, name: "Ann", token: token("ann") }),
    ).rejects.toThrow(/BAD_SETUP/);
    const quiet = await record(
      "quiet",
      colyseus.sdk.create(TABLE_ROOM, { game: elPaso.id, seats: 2, bots: [1], options: { liveScores: false, bSides: [1, 2, 3, 4, 5, 6] }, name: "Ann", token: token("ann") }),
    );
    const snapshot = await quiet.until(() => quiet.snapshots.find((s) => s.status === "playing"), "the start");
    const view = decodeView<{ liveScores: unknown[]; buildingSides: Record<string, string> }>(snapshot, quiet.seat!);
    expect(view.liveScores).toEqual([]);
    expect(Object.values(view.buildingSides)).toEqual(["b", "b", "b", "b", "b", "b"]);
    await quiet.room.leave();
  });
});

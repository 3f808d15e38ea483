/**
 * El Paso solo through the real server with real SDK clients: a person against Sue, who is a
 * bot seat named by the game, played step by step by the room's bot timer; a spectator watches.
 * From everything each client received (decoded states, log messages, raw frames) it checks
 * that the order of Sue's bot deck and supply deck never left the server, and that the finished
 * match is stored and replays.
 */
import { type AnyGame, type LogEvent, type RngState, replay } from "@saloon/engine";
import { type MatchDetail, TABLE_ROOM, decodeResult, decodeView, joinErrorCode } from "@saloon/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableRoom } from "./table-room.ts";
import { type Recorder, type TestServer, autoPlay, bootTestServer, httpBase, record, rngStatesSeen, storedActions, testGames, token } from "./test-support.ts";

interface SoloState {
  rng: RngState;
  sue: { deck: string[]; supply: string[]; card: string | null };
}

const elPaso: AnyGame = testGames["el-paso"]!;
const solo = (difficulty: number) => ({ solo: true, difficulty });

let colyseus: TestServer;
beforeAll(async () => {
  colyseus = await bootTestServer({ games: testGames, rateLimit: { perSecond: 1000, burst: 1000 } });
});
afterAll(async () => {
  await colyseus.shutdown();
});

const received = (player: Recorder): LogEvent[] => player.logMessages().flatMap((m) => m.events);

describe("El Paso solo at a table", () => {
  it("a person plays a whole game against Sue; her deck orders never reach a client; the match is stored and replays", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: elPaso.id, seats: 2, options: solo(2), name: "Ann", token: token("ann") }));
    const tableId = ann.room.roomId;
    const watcher = await record("watcher", colyseus.sdk.joinById(tableId, { spectate: true }));
    // Sue is seat 1 without being asked for: a bot seat the game names.
    expect(ann.latest.seats.map((s) => [s.seat, s.kind, s.name])).toEqual([
      [0, "human", "Ann"],
      [1, "bot", "Sue"],
    ]);
    // The game starts once the seats are stored.
    await ann.until(() => ann.latest.status === "playing", "the start of the game");

    // After every state change: how many raw frames the client had by then (to check the wire in time).
    const marks = new Map<Recorder, { snapshot: number; frames: number }[]>();
    for (const player of [ann, watcher]) {
      marks.set(player, []);
      player.room.onStateChange(() => marks.get(player)!.push({ snapshot: player.snapshots.length - 1, frames: player.frames().length }));
    }
    autoPlay(ann, elPaso);
    const finished = (player: Recorder) => player.until(() => player.snapshots.find((s) => s.status === "finished"), "the end of the game", 90_000);
    const [end] = await Promise.all([finished(ann), finished(watcher)]);

    const room = colyseus.getRoomById<TableRoom>(tableId);
    const seed: string = room["seed"];
    const actions = await storedActions(colyseus, tableId);
    const allEvents: LogEvent[] = room["events"].toArray();
    const options = elPaso.parseOptions(solo(2));
    const finalState = room["gameState"] as SoloState;
    expect(replay(elPaso, seed, 2, options, actions)).toEqual(finalState);
    expect(decodeResult(end)).toEqual(elPaso.scores(finalState));
    // Every action of Sue's seat is one step of her turn, answered by the room.
    const sueActions = actions.filter((a) => a.seat === 1);
    expect(sueActions.length).toBeGreaterThan(30);
    expect(sueActions.every((a) => a.action.type === "sueStep")).toBe(true);

    // Every state a client could have seen, rebuilt from seed + log, by version.
    const states: SoloState[] = [elPaso.setup(seed, 2, options)];
    for (const a of actions) {
      const result = elPaso.apply(states.at(-1), a.seat, a.action);
      if (!result.ok) throw new Error(result.error.message);
      states.push(result.state);
    }

    for (const player of [ann, watcher]) {
      const me = player.seat ?? null;
      let checked = 0;
      for (const snapshot of player.snapshots) {
        const state = states[snapshot.version]!;
        const view = decodeView<Record<string, unknown>>(snapshot, me);
        // What a client holds is exactly the game's view for it: nothing more.
        expect(view).toEqual(elPaso.view(state, me));
        // Cards still face down in her decks at that moment are nowhere in it.
        const text = JSON.stringify(view);
        for (const card of [...state.sue.deck, ...state.sue.supply]) expect(text.includes(`"${card}"`), `${player.label} saw ${card} in a deck`).toBe(false);
        // Sue's prompts go to nobody: no client ever holds seat 1's secret part.
        expect(snapshot.seats.find((s) => s.seat === 1)?.secret).toBeUndefined();
        checked++;
      }
      expect(checked).toBeGreaterThan(20);
      // The log it received is the game's log filtered for it (Sue's events are all public).
      expect(received(player)).toEqual(allEvents.map((e) => elPaso.viewEvent(e, me)).filter((e) => e !== null));
      expect(received(player).filter((e) => e.type === "sueDrew").length).toBe(allEvents.filter((e) => e.type === "sueDrew").length);

      // On the wire, in time: a card still in her supply deck at some moment was in no frame the
      // client had received by then (her supply deck only shrinks, so it was never drawn before).
      const frames = player.frames();
      let wireSoFar = "";
      let framesSoFar = 0;
      let supplyChecks = 0;
      for (const mark of marks.get(player)!) {
        for (; framesSoFar < mark.frames; framesSoFar++) wireSoFar += Buffer.from(frames[framesSoFar]!).toString("latin1");
        for (const card of states[player.snapshots[mark.snapshot]!.version]!.sue.supply) {
          expect(wireSoFar.includes(card), `${player.label} had ${card} before Sue drew it`).toBe(false);
          supplyChecks++;
        }
      }
      expect(supplyChecks).toBeGreaterThan(100);
      // Positive control: the cards she did draw reached the client.
      const drawn = allEvents.filter((e) => e.type === "sueDrewSupply").map((e) => e.card as string);
      expect(drawn.length).toBeGreaterThan(0);
      for (const card of drawn) expect(wireSoFar.includes(card), `${player.label} never saw ${card}`).toBe(true);
      // Nor did the seed or the RNG's numbers reach it.
      const wire = player.wireText();
      const decoded = player.decodedText();
      expect(wire.includes(seed) || decoded.includes(seed), `${player.label} received the seed`).toBe(false);
      const digitRuns = new Set([...`${wire}\n${decoded}`.matchAll(/\d{6,}/g)].map((m) => m[0]));
      const leaked = rngStatesSeen.flat().filter((n) => Math.abs(n) >= 100_000 && digitRuns.has(String(Math.abs(n))));
      expect(leaked, `${player.label} received RNG state numbers`).toEqual([]);
    }
    expect(ann.errors()).toEqual([]);

    // The finished match is in the history with Sue's seat and the solo options, and it replays.
    await ann.room.leave();
    let detail: MatchDetail | undefined;
    for (let i = 0; i < 100 && !detail; i++) {
      const answer = await fetch(`${httpBase(colyseus)}/api/matches/${tableId}`);
      if (answer.status === 200) detail = (await answer.json()) as MatchDetail;
      else await new Promise((done) => setTimeout(done, 50));
    }
    expect(detail!.seats.map((s) => [s.name, s.kind])).toEqual([
      ["Ann", "human"],
      ["Sue", "bot"],
    ]);
    expect(detail!.options).toEqual(options);
    expect(elPaso.scores(replay(elPaso, detail!.seed, 2, detail!.options, detail!.actions))).toEqual(detail!.scores);
  }, 120_000);

  it("nobody else sits in Sue's seat or plays her steps; bad solo options are refused", async () => {
    const refusal = async (request: Record<string, unknown>) => {
      try {
        const room = await colyseus.sdk.create(TABLE_ROOM, { game: elPaso.id, name: "Bo", token: token("bo"), ...request });
        await room.leave();
        return null;
      } catch (error) {
        return joinErrorCode(error);
      }
    };
    expect(await refusal({ seats: 2, options: solo(1), seat: 1 })).toBe("SEAT_TAKEN");
    expect(await refusal({ seats: 3, options: solo(1) })).toBe("BAD_SETUP");
    expect(await refusal({ seats: 2, options: solo(4) })).toBe("BAD_SETUP");
    expect(await refusal({ seats: 2, options: { difficulty: 1 } })).toBe("BAD_SETUP");

    const cy = await record("cy", colyseus.sdk.create(TABLE_ROOM, { game: elPaso.id, seats: 2, bots: [1], options: solo(0), name: "Cy", token: token("cy") }));
    await expect(colyseus.sdk.joinById(cy.room.roomId, { name: "Di", token: token("di") })).rejects.toThrow(/TABLE_FULL/);
    await cy.until(() => cy.latest.status === "playing", "the start of the game");
    // Cy's first decision is the starting objective: Sue's step is not one of its options.
    const refused = cy.nextError();
    cy.room.send("action", { type: "sueStep" });
    expect(await refused).toMatchObject({ code: "ILLEGAL_ACTION", expected: "pickObjective" });
    await cy.room.leave();
  });
});

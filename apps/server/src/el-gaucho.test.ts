/**
 * A whole game of El Gaucho through the real server with real SDK clients (two people, a server
 * bot and a spectator), and proof from everything each client received (decoded states, log
 * messages, raw frames) that its secrets stayed where they belong: pre-round hands and choices
 * with their owner until the reveal, the steppe's tiles with the seat using the steppe, and the
 * supply's order and the RNG with nobody.
 */
import { games } from "@saloon/catalog";
import { type ActionBase, type AnyGame, type LogEvent, type Prompt, type RngState, type Seat, replay } from "@saloon/engine";
import { decodeResult, decodeView } from "@saloon/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Recorder, type TestServer, actedMismatches, bootTestServer, keysOf, playWholeGame, rngStatesSeen } from "./test-support.ts";

type Tile = { breed: string; value: number };
interface PlayerView {
  hand: Tile[] | null;
  kept: Tile[] | null;
  handCount: number;
  chosen: boolean;
}
interface GauchoView {
  viewer: Seat | null;
  phase: { kind: string; step?: string };
  active: Seat;
  steppe: Tile[] | null;
  steppeCount: number;
  supplyCount: number;
  players: PlayerView[];
  turn: { steppeChosen: Tile[] | null; steppeChosenCount: number };
}
interface GauchoState {
  rng: RngState;
  supply: Tile[];
  steppe: Tile[];
  discarded: Tile[];
  players: { hand: Tile[]; kept: Tile[] | null }[];
}

const elGaucho = games["el-gaucho"]!;


/**
 * The game's own bot for the people's seats, except that it heads for the steppe whenever it can
 * (so the steppe is surely used by a seat whose client we record).
 */
const steppeLover: AnyGame = {
  ...elGaucho,
  bot(view, prompt: Prompt<ActionBase>, random) {
    const wanted = (o: ActionBase & Record<string, unknown>) => o.type === "steppe" || (o.type === "prePlace" && o.area === "steppe") || (o.type === "occupy" && o.area === "steppe");
    const steppe = prompt.options.find((o) => wanted(o as ActionBase & Record<string, unknown>));
    return steppe ?? elGaucho.bot(view, prompt, random);
  },
};


let colyseus: TestServer;
beforeAll(async () => {
  colyseus = await bootTestServer({ rateLimit: { perSecond: 1000, burst: 1000 } });
});
afterAll(async () => {
  await colyseus.shutdown();
});

const json = (tile: Tile) => JSON.stringify({ breed: tile.breed, value: tile.value });
const same = (a: Tile, b: Tile) => a.breed === b.breed && a.value === b.value;
const events = (player: Recorder): LogEvent[] => player.logMessages().flatMap((m) => m.events);

describe("El Gaucho at a table", () => {
  it("two people, a bot and a spectator play to the end; hands, choices, the steppe and the supply stay secret", async () => {
    // The people head for the steppe whenever it is offered, but the server bot may hold it in a
    // rare game (its own pre-placement puts the steppe first): then the game is played again, so
    // the steppe's positive control below always has tiles to look for.
    let game = await playWholeGame(colyseus, elGaucho, steppeLover);
    const peopleSteppeActions = (g: typeof game) => g.actions.filter((a) => a.seat !== 2 && a.action.type === "steppe").length;
    for (let again = 0; again < 2 && peopleSteppeActions(game) === 0; again++) game = await playWholeGame(colyseus, elGaucho, steppeLover);
    const { ann, bob, watcher, end, seed, events: allEvents, actions } = game;
    const state = game.state as GauchoState;
    expect([ann.seat, bob.seat, watcher.seat]).toEqual([0, 1, null]);
    const result = decodeResult(end);
    expect(result).toEqual(elGaucho.scores(state));
    expect(result!.lines.map((line) => line.seat).sort()).toEqual([0, 1, 2]);
    for (const player of [ann, bob]) expect(decodeResult(player.latest)).toEqual(result);
    expect(replay(elGaucho, seed, 3, {}, actions)).toEqual(state);
    // Each person's `acted` told, in every state it received, which version carried its latest action.
    for (const player of [ann, bob]) expect(actedMismatches(player, actions)).toEqual([]);

    // What was secret, rebuilt from the seed: the hands dealt and what each seat kept (revealed later).
    const dealt = (elGaucho.setup(seed, 3, {}) as GauchoState).players.map((p) => p.hand);
    const revealed = (seat: Seat) => allEvents.find((e) => e.type === "revealed" && e.seat === seat)!.tiles as Tile[];
    const discarded = dealt.map((hand, seat) => hand.filter((t) => !revealed(seat).some((k) => same(k, t))));
    expect(discarded.flat().length).toBeGreaterThan(0);
    expect(discarded.flat()).toHaveLength(state.discarded.length);
    // Steppe tiles a seat looked at; those still in the steppe at the end were never shown to anyone else.
    const steppeSeen = (seat: Seat) => allEvents.filter((e) => e.type === "steppeSeen" && e.seat === seat).flatMap((e) => e.tiles as Tile[]);
    expect(peopleSteppeActions(game), "the people used the steppe in one of three games").toBeGreaterThan(0);
    // Each look at the steppe told exactly its seat what lay there, once per steppe action.
    for (const seat of [0, 1, 2]) {
      const looks = allEvents.filter((e) => e.type === "steppeSeen" && e.seat === seat).length;
      expect(looks, `seat ${seat}'s looks at the steppe`).toBe(actions.filter((a) => a.seat === seat && a.action.type === "steppe").length);
    }
    // (When the supply ran dry the steppe may end empty: then every tile it held became public later,
    // and the per-snapshot checks below are what shows nobody else saw them while they were in it.)

    for (const player of [ann, bob, watcher]) {
      const me = player.seat ?? null;
      const wire = player.wireText();
      const decoded = player.decodedText();

      // Positive control: the capture holds this client's own secrets, so the absences below mean something.
      if (me !== null) {
        for (const tile of dealt[me]!) expect(wire.includes(json(tile)), `${player.label} never received its own ${json(tile)}`).toBe(true);
        for (const tile of steppeSeen(me)) expect(wire.includes(json(tile)), `${player.label} never received the steppe's ${json(tile)}`).toBe(true);
      }

      // Another seat's discarded hand tiles were never public: not on this client's wire, not decoded.
      for (const seat of [0, 1, 2]) {
        if (seat === me) continue;
        for (const tile of discarded[seat]!) {
          expect(wire.includes(json(tile)), `${player.label} received seat ${seat}'s hand tile ${json(tile)}`).toBe(false);
          expect(decoded.includes(json(tile)), `${player.label} decoded seat ${seat}'s hand tile ${json(tile)}`).toBe(false);
        }
      }
      // The tiles left in the steppe at the end: only a seat that looked at the steppe may have them.
      const mayKnow = me === null ? [] : steppeSeen(me);
      for (const tile of state.steppe) {
        if (mayKnow.some((t) => same(t, tile))) continue;
        expect(wire.includes(json(tile)), `${player.label} received the steppe's ${json(tile)}`).toBe(false);
        expect(decoded.includes(json(tile)), `${player.label} decoded the steppe's ${json(tile)}`).toBe(false);
      }

      // At every moment: other seats' hands and choices hidden; the steppe only for its user while choosing.
      let sawOwnHand = false;
      let sawSteppe = false;
      for (const snapshot of player.snapshots) {
        if (snapshot.status === "waiting") continue;
        const view = decodeView<GauchoView>(snapshot, me);
        const keys = keysOf(view);
        for (const secret of ["rng", "seed", "supply", "discarded"]) expect(keys.has(secret), `${player.label} decoded a "${secret}" field`).toBe(false);
        expect(view.viewer).toBe(me);
        view.players.forEach((p, seat) => {
          if (seat === me) {
            if (p.hand && p.hand.length > 0) sawOwnHand = true;
            return;
          }
          expect(p.hand, `${player.label} saw seat ${seat}'s hand`).toBeNull();
          expect(p.kept, `${player.label} saw seat ${seat}'s choice`).toBeNull();
        });
        if (view.steppe !== null) {
          sawSteppe = true;
          expect(me).toBe(view.active);
          expect(view.phase).toEqual({ kind: "turn", step: "steppeChoose" });
        }
        if (view.turn.steppeChosen !== null) expect(me).toBe(view.active);
        // Only this client's own seat ever carries a secret part; a spectator gets none at all.
        for (const seat of snapshot.seats) if (seat.seat !== me) expect(seat.secret, `${player.label} got seat ${seat.seat}'s secret`).toBeUndefined();
      }
      expect(sawOwnHand).toBe(me !== null);
      expect(sawSteppe).toBe(me !== null && steppeSeen(me).length > 0);

      // Private log events (the kept tiles, the steppe's tiles) reached only their own seat.
      const received = events(player);
      expect(received.filter((e) => e.type === "kept" || e.type === "steppeSeen").every((e) => e.seat === me)).toBe(true);
      if (me !== null) expect(received.some((e) => e.type === "kept" && e.seat === me)).toBe(true);
      // The public log is everyone's: the reveal and every steppe use.
      expect(received.filter((e) => e.type === "revealed")).toHaveLength(3);
      expect(received.filter((e) => e.type === "steppeLooked")).toHaveLength(allEvents.filter((e) => e.type === "steppeLooked").length);

      // No RNG state number reached the client, nor the seed.
      expect(wire.includes(seed) || decoded.includes(seed), `${player.label} received the seed`).toBe(false);
      const digitRuns = new Set([...`${wire}\n${decoded}`.matchAll(/\d{6,}/g)].map((m) => m[0]));
      const leaked = rngStatesSeen.flat().filter((n) => Math.abs(n) >= 100_000 && digitRuns.has(String(Math.abs(n))));
      expect(leaked, `${player.label} received RNG state numbers`).toEqual([]);
    }
    expect(watcher.snapshots.every((s) => s.seats.every((seat) => seat.secret === undefined))).toBe(true);
    expect(ann.errors()).toEqual([]);
    expect(bob.errors()).toEqual([]);
  }, 90_000);
});

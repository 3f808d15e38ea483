import { games } from "@saloon/catalog";
import type { AnyGame, LoggedAction } from "@saloon/engine";
import { ViewDecoder, rebuildView } from "@saloon/protocol";
import { describe, expect, it } from "vitest";
import elPasoMatches from "../../../packages/games/el-paso/src/fixtures/matches.json" with { type: "json" };
import { EventLog } from "./event-log.ts";
import { TableSync } from "./table-sync.ts";
import { PrivateSeatSchema, SeatSchema, TableStateSchema } from "./table-state.ts";

/** Views that change shape on purpose: keys come and go, leaves become containers, a seat's view differs. */
const moments: { public: Record<string, unknown>; seats: Record<string, unknown>[] }[] = [
  { public: { round: 1, board: { a: [1, 2], b: { x: 1 } } }, seats: [{ round: 1, board: { a: [1, 2], b: { x: 1 } }, hand: ["c1"] }, { round: 1, board: { a: [1, 2], b: { x: 1 } } }] },
  { public: { round: 2, board: { a: [1, 2], b: { x: 1 } } }, seats: [{ round: 2, board: { a: [1, 2], b: { x: 1 } }, hand: ["c1", "c2"] }, { round: 2, board: { a: [1] } }] },
  { public: { round: 2, board: { a: [{ t: 1 }], b: 5 }, extra: null }, seats: [{ round: 2, board: { a: [{ t: 1 }], b: 5 }, extra: null }, { round: 2, board: { a: [{ t: 1 }], b: 5 } }] },
  { public: { round: 3, board: { a: [], b: 5 } }, seats: [{ round: 3, board: { a: [], b: 5 }, hand: [] }, { round: 3, board: { a: [], b: 5 } }] },
  // A split key becomes a leaf and a leaf a split key; a seat's own member of an array differs from the public one.
  { public: { round: 4, board: 7, players: [{ n: 1 }, { n: 2 }] }, seats: [{ round: 4, board: 7, players: [{ n: 1, hand: ["c1"] }, { n: 2 }] }, { round: 4, board: [{ t: 1 }], players: [{ n: 1 }, { n: 2 }] }] },
  { public: { round: 4, board: { a: [1] }, players: [{ n: 1 }, { n: 3 }] }, seats: [{ round: 4, board: { a: [1] }, players: [{ n: 1, hand: [] }, { n: 3 }] }, { round: 4, board: { a: [1] }, players: [{ n: 1 }] }] },
];

function tableState(seats: number): InstanceType<typeof TableStateSchema> {
  const state = new TableStateSchema();
  for (let seat = 0; seat < seats; seat++) {
    const schema = new SeatSchema();
    schema.seat = seat;
    schema.secret = new PrivateSeatSchema();
    state.seats.push(schema);
  }
  return state;
}

describe("the table's projection, key by key", () => {
  it("after every write, the synced maps rebuild exactly the public view and each seat's own", () => {
    let now = 0;
    const game = {
      view: (_state: unknown, seat: number | null) => (seat === null ? moments[now]!.public : moments[now]!.seats[seat]),
      prompts: () => [{ seat: 0, kind: "play", options: [{ type: "play" }] }],
    } as unknown as AnyGame;
    const state = tableState(2);
    const sync = new TableSync(game, state, () => 2, new EventLog());
    for (now = 0; now < moments.length; now++) {
      sync.publish(null, true);
      const publicPaths = Object.fromEntries(state.view.entries());
      expect(rebuildView(publicPaths)).toEqual(moments[now]!.public);
      for (const seat of [0, 1]) {
        const secret = Object.fromEntries(state.seats[seat]!.secret!.view.entries());
        expect(rebuildView(publicPaths, secret), `seat ${seat} at moment ${now}`).toEqual(moments[now]!.seats[seat]);
      }
      expect(state.seats[0]!.secret!.prompt).toContain('"kind":"play"');
      expect(state.seats[1]!.secret!.prompt).toBe("");
    }
  });

  it("projections made ahead of their writes (moves waiting for their commit) are written as they were made, while the maps of written ones are refilled", () => {
    const frozen = <T>(value: T): T => {
      if (value && typeof value === "object") for (const member of Object.values(value)) frozen(member);
      return Object.freeze(value);
    };
    // Three laps of the moments: as fresh objects, then frozen (parts recognised by identity), then fresh again.
    const laps = [moments, moments.map((moment) => frozen(structuredClone(moment))), moments.map((moment) => structuredClone(moment))];
    const states = laps.flatMap((lap) => lap.map((moment) => ({ moment })));
    const game = {
      view: (at: { moment: (typeof moments)[number] }, seat: number | null) => (seat === null ? at.moment.public : at.moment.seats[seat]),
      prompts: () => [],
    } as unknown as AnyGame;
    const state = tableState(2);
    const sync = new TableSync(game, state, () => 2, new EventLog());
    const check = (moment: (typeof moments)[number], when: string) => {
      const publicPaths = Object.fromEntries(state.view.entries());
      expect(rebuildView(publicPaths), when).toEqual(moment.public);
      for (const seat of [0, 1]) {
        expect(rebuildView(publicPaths, Object.fromEntries(state.seats[seat]!.secret!.view.entries())), `seat ${seat}, ${when}`).toEqual(moment.seats[seat]);
      }
    };
    const waiting: { moment: (typeof moments)[number]; projection: ReturnType<TableSync["project"]> }[] = [];
    states.forEach((at, step) => {
      waiting.push({ moment: at.moment, projection: sync.project(at, true) });
      // Two projections wait while the next is made and the oldest written; now and then all are written.
      const keep = step % 7 === 6 || step === states.length - 1 ? 0 : 2;
      while (waiting.length > keep) {
        const { moment, projection } = waiting.shift()!;
        sync.write(projection);
        check(moment, `written at step ${step}`);
      }
    });
  });

  it("leaves a seat's view and prompt that nobody sees as they were, and brings them up to date before a connection takes the seat", () => {
    // Each state is an object of its own, as an engine's states are; the view reads the moment from it.
    const states = moments.map((_, at) => ({ at }));
    const seatViewsMade = [0, 0];
    // The seats decide in turn: seat 0 at even moments, seat 1 at odd ones.
    const promptOf = (at: number) => ({ seat: at % 2, kind: "play", options: [{ type: "play", at }] });
    const game = {
      view: (state: { at: number }, seat: number | null) => {
        if (seat !== null) seatViewsMade[seat]! += 1;
        return seat === null ? moments[state.at]!.public : moments[state.at]!.seats[seat];
      },
      prompts: (state: { at: number }) => [promptOf(state.at)],
    } as unknown as AnyGame;
    const promptShown = (seat: number) => state.seats[seat]!.secret!.prompt;
    const state = tableState(2);
    const watched = new Set([0]);
    const sync = new TableSync(game, state, () => 2, new EventLog(), (seat) => watched.has(seat));
    const seatShows = (seat: number) => rebuildView(Object.fromEntries(state.view.entries()), Object.fromEntries(state.seats[seat]!.secret!.view.entries()));

    for (const at of [0, 1, 2, 3]) {
      sync.publish(states[at], true);
      expect(seatShows(0)).toEqual(moments[at]!.seats[0]);
    }
    // Seat 1 (a bot's, say) was never made, nor its prompt, though it had decisions: nobody could have seen them.
    expect(seatViewsMade).toEqual([4, 0]);
    expect(promptShown(1)).toBe("");
    expect(promptShown(0)).toBe("");
    // Somebody takes it: it shows the last state written and its decision there, before any state goes to them.
    watched.add(1);
    sync.refreshSeat(1);
    expect(seatShows(1)).toEqual(moments[3]!.seats[1]);
    expect(JSON.parse(promptShown(1))).toEqual(promptOf(3));
    sync.refreshSeat(1); // already up to date: nothing made again
    expect(seatViewsMade[1]).toBe(1);

    // Left again; a state is written without it, and the next one is projected (its move not yet stored)…
    watched.delete(1);
    sync.publish(states[4], true);
    expect(JSON.parse(promptShown(1))).toEqual(promptOf(3)); // left as it was
    expect(JSON.parse(promptShown(0))).toEqual(promptOf(4));
    const pending = sync.project(states[5], true);
    expect(pending.seats[1]).toBeNull();
    // …when somebody takes the seat: it shows the state written, then the pending one once that is written.
    watched.add(1);
    sync.refreshSeat(1);
    expect(seatShows(1)).toEqual(moments[4]!.seats[1]);
    expect(promptShown(1)).toBe("");
    sync.write(pending);
    expect(seatShows(1)).toEqual(moments[5]!.seats[1]);
    expect(JSON.parse(promptShown(1))).toEqual(promptOf(5));
    expect(seatShows(0)).toEqual(moments[5]!.seats[0]);
    expect(promptShown(0)).toBe("");
    // The game over: no seat shows a decision.
    sync.publish(states[5], false);
    expect([promptShown(0), promptShown(1)]).toEqual(["", ""]);
  });

  it("a seat whose view equals the public one holds no paths; an unchanged key is not written again", () => {
    const view = { round: 1, board: { a: [1, 2], b: { x: 1 } } };
    const game = { view: () => view, prompts: () => [] } as unknown as AnyGame;
    const state = tableState(1);
    const sync = new TableSync(game, state, () => 1, new EventLog());
    sync.publish(null, true);
    expect(state.seats[0]!.secret!.view.size).toBe(0);
    const set = state.view.set.bind(state.view);
    let writes = 0;
    state.view.set = (key: string, value: string) => {
      writes += 1;
      return set(key, value);
    };
    sync.publish(null, true);
    expect(writes).toBe(0);
    view.round = 2;
    sync.publish(null, true);
    expect(writes).toBe(1);
  });

  it("a move that changes one member of a key reads and writes that member alone", () => {
    let reads = 0;
    // toJSON counts every time the projection turns the unchanged player into text.
    const first = Object.freeze(Object.defineProperty({ money: 1, hand: Object.freeze(["a", "b"]) }, "toJSON", { value: () => (reads += 1, { money: 1, hand: ["a", "b"] }) }));
    const players: object[] = [first, Object.freeze({ money: 2, hand: ["c"] })];
    // A new array every time, as a view that builds its lists per viewer does.
    const game = { view: () => ({ players: [...players] }), prompts: () => [] } as unknown as AnyGame;
    const state = tableState(1);
    const sync = new TableSync(game, state, () => 1, new EventLog());
    sync.publish(null, true);
    const readsAtStart = reads;
    const written: string[] = [];
    const set = state.view.set.bind(state.view);
    state.view.set = (key: string, value: string) => {
      written.push(key);
      return set(key, value);
    };
    players[1] = Object.freeze({ money: 5, hand: ["c"] });
    sync.publish(null, true);
    expect(reads).toBe(readsAtStart);
    expect(written).toEqual(["/players/1/money"]);
    expect(rebuildView(Object.fromEntries(state.view.entries()))).toEqual({ players: [{ money: 1, hand: ["a", "b"] }, { money: 5, hand: ["c"] }] });
  });

  it("a key of the game's wholeMembers holds one path per member: a member pushed or popped writes or deletes one path, and clients rebuild the same views", () => {
    // El Paso's pending-action frames (Game.wholeMembers): split into fields, each frame pushed
    // added a path per field (and per spec) in every client's synced map, and each frame popped
    // deleted them again.
    const frame = (kind: string, used: boolean, specs: number) => Object.freeze({ kind, used, location: Object.freeze({ at: kind }), specs: Object.freeze(Array.from({ length: specs }, (_, n) => Object.freeze({ n }))) });
    const moments: (readonly object[])[] = [
      [frame("turn", false, 2)],
      [frame("turn", false, 2), frame("build", false, 3)],
      [frame("turn", false, 2), frame("build", true, 3)],
      [frame("turn", true, 1)],
      [],
      [frame("deliver", false, 0)],
    ];
    let now = 0;
    // Seat 0 sees one frame more than the public view (a private step), seat 1 the public stack.
    const game = {
      wholeMembers: ["stack"],
      view: (_state: unknown, seat: number | null) => ({ round: 1, stack: seat === 0 ? [...moments[now]!, frame("secret", false, 1)] : moments[now]! }),
      prompts: () => [],
    } as unknown as AnyGame;
    const state = tableState(2);
    const sync = new TableSync(game, state, () => 2, new EventLog());
    const decoders = [new ViewDecoder(), new ViewDecoder()];
    let changes: string[] = [];
    const set = state.view.set.bind(state.view);
    const remove = state.view.delete.bind(state.view);
    state.view.set = (key: string, value: string) => (changes.push(`set ${key}`), set(key, value));
    state.view.delete = (key: string) => (changes.push(`delete ${key}`), remove(key));
    const changed: string[][] = [];
    for (now = 0; now < moments.length; now++) {
      changes = [];
      sync.publish(null, true);
      changed.push(changes);
      const publicPaths = Object.fromEntries(state.view.entries());
      expect(Object.keys(publicPaths).filter((path) => path.startsWith("/stack"))).toEqual(["/stack", ...moments[now]!.map((_, n) => `/stack/${n}`)]);
      expect(rebuildView(publicPaths)).toEqual(game.view(null, null));
      for (const seat of [0, 1]) {
        const secret = Object.fromEntries(state.seats[seat]!.secret!.view.entries());
        expect(rebuildView(publicPaths, secret), `seat ${seat} at moment ${now}`).toEqual(game.view(null, seat));
        expect(decoders[seat]!.decode(publicPaths, secret), `seat ${seat}'s decoder at moment ${now}`).toEqual(game.view(null, seat));
      }
    }
    // A push writes the new frame's one path, a frame's change rewrites its path, a pop deletes it.
    expect(changed[1]).toEqual(["set /stack/1"]);
    expect(changed[2]).toEqual(["set /stack/1"]);
    expect(changed[3]).toEqual(["delete /stack/1", "set /stack/0"]);
    // An empty list is a leaf of its own ("[]", as any flat list), and a list again a marker and its members.
    expect(changed[4]).toEqual(["delete /stack/0", "set /stack"]);
    expect(changed[5]).toEqual(["set /stack", "set /stack/0"]);
    expect(state.view.get("/stack/0")).toBe(JSON.stringify(frame("deliver", false, 0)));
  });

  it("El Paso's pending-action frames are one path each through a stored game, and each seat's decoder shows its view", () => {
    // The real rules (defineGame passes wholeMembers on) over a stored match: no path below a
    // frame, and the views rebuilt from the synced maps are the game's at every step.
    const game = games["el-paso"]!;
    const match = (elPasoMatches as unknown as { seed: string; seats: number; options: unknown; log: LoggedAction[] }[])[0]!;
    let gameState = game.setup(match.seed, match.seats, match.options ?? undefined);
    const state = tableState(match.seats);
    const sync = new TableSync(game, state, () => match.seats, new EventLog());
    const decoders = Array.from({ length: match.seats }, () => new ViewDecoder());
    let framesSeen = 0;
    for (const [step, entry] of [{ seat: 0, action: null }, ...match.log].entries()) {
      if (step > 0) {
        const result = game.apply(gameState, entry.seat, entry.action);
        if (!result.ok) throw new Error(result.error.message);
        gameState = result.state;
      }
      sync.publish(gameState, true);
      const publicPaths = Object.fromEntries(state.view.entries());
      const below = Object.keys(publicPaths).filter((path) => /^\/stack\/\d+\//.test(path));
      expect(below, `step ${step}`).toEqual([]);
      framesSeen += Object.keys(publicPaths).filter((path) => /^\/stack\/\d+$/.test(path)).length;
      for (let seat = 0; seat < match.seats; seat++) {
        const secret = Object.fromEntries(state.seats[seat]!.secret!.view.entries());
        expect(Object.keys(secret).filter((path) => /^\/stack\/\d+\//.test(path))).toEqual([]);
        expect(decoders[seat]!.decode(publicPaths, secret), `seat ${seat} at step ${step}`).toEqual(JSON.parse(JSON.stringify(game.view(gameState, seat))));
      }
    }
    expect(framesSeen).toBeGreaterThan(match.log.length / 2);
  });

  it("a frozen part of the state that comes again as the same object is not read again, for the public view or any seat", () => {
    let reads = 0;
    // toJSON counts every time the projection turns this part into text.
    const board = Object.freeze({ a: 1, toJSON: () => (reads += 1, { a: 1 }) });
    let round = 1;
    const game = { view: (_state: unknown, seat: number | null) => ({ round, board, viewer: seat }), prompts: () => [] } as unknown as AnyGame;
    const state = tableState(3);
    const sync = new TableSync(game, state, () => 3, new EventLog());
    sync.publish(null, true);
    expect(reads).toBe(1); // once, for its text (its one path carries that text): the seats took the public view's
    round = 2;
    sync.publish(null, true);
    expect(reads).toBe(1);
    expect(state.view.get("/round")).toBe("2");
    expect(rebuildView(Object.fromEntries(state.view.entries()), Object.fromEntries(state.seats[2]!.secret!.view.entries()))).toEqual({ round: 2, board: { a: 1 }, viewer: 2 });
  });
});

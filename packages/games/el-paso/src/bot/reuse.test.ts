import { type BotMemory, createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elPaso } from "../index.ts";
import { carriedSearches, chooseAction } from "./index.ts";
import { WEIGHTS } from "./weights.ts";
import { sameValue } from "./reuse.ts";

describe("sameValue", () => {
  it("compares JSON-like values deeply, keys in order", () => {
    expect(sameValue({ a: [1, { b: "x" }], c: null }, { a: [1, { b: "x" }], c: null })).toBe(true);
    expect(sameValue({ a: [1, { b: "x" }] }, { a: [1, { b: "y" }] })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });

  it("takes a belief's stand-in for the real card or tile of its kind only when asked to", () => {
    const trial = { workers: ["W-COW-01", "W-ENG-s"], discard: ["C-SIM-s", "C-ANG-m"], board: { n1: { tile: "BT3-s" } } };
    const table = { workers: ["W-COW-01", "W-ENG-07"], discard: ["C-SIM-03", "C-ANG-12"], board: { n1: { tile: "BT3-2" } } };
    expect(sameValue(trial, table)).toBe(false);
    expect(sameValue(trial, table, true)).toBe(true);
    // Another kind, a real id on the trial's side, a placeholder of an unknown card: no match.
    expect(sameValue(["W-ENG-s"], ["W-COW-07"], true)).toBe(false);
    expect(sameValue(["W-ENG-07"], ["W-ENG-s"], true)).toBe(false);
    expect(sameValue(["C-CRI-?"], ["C-CRI-0-1"], true)).toBe(false);
    expect(sameValue(["C-ANG-m"], ["C-ANG-0-1"], true)).toBe(false);
  });
});

/**
 * The bot's actions over whole games played side by side, one action of each game in turn (as a
 * server's tables do), each seat with a memory of its own for its game, one memory per seat
 * number shared by the games, or none.
 */
function actions(seeds: string[], seats: number, memory: "per table" | "shared" | "none"): { actions: unknown[][]; carried: number } {
  const games = seeds.map((seed) => ({
    seed,
    random: createRandom(`carry:${seed}`),
    state: elPaso.setup(seed, seats),
    out: [] as unknown[],
    memories: Array.from({ length: seats }, (): BotMemory => ({})),
  }));
  const before = carriedSearches();
  // One memory per seat number for all the games: how it was kept before (in the bot's module).
  const shared = Array.from({ length: seats }, (): BotMemory => ({}));
  while (games.some((game) => !elPaso.isOver(game.state))) {
    for (const game of games) {
      if (elPaso.isOver(game.state)) continue;
      const prompt = elPaso.prompts(game.state)[0]!;
      const action = chooseAction(elPaso.view(game.state, prompt.seat), prompt, game.random, WEIGHTS, memory === "per table" ? game.memories[prompt.seat] : memory === "shared" ? shared[prompt.seat] : undefined);
      game.out.push(action);
      const result = elPaso.apply(game.state, prompt.seat, action);
      if (!result.ok) throw new Error(result.error.message);
      game.state = result.state;
    }
  }
  return { actions: games.map((game) => game.out), carried: carriedSearches() - before };
}

describe("the search carried between decisions of a turn", () => {
  it.each([2, 4])("changes no decision of %i-player games played side by side, and is carried at each table", (seats) => {
    const seeds = [`carry-${seats}-a`, `carry-${seats}-b`, `carry-${seats}-c`];
    const perTable = actions(seeds, seats, "per table");
    const shared = actions(seeds, seats, "shared");
    const none = actions(seeds, seats, "none");
    expect(none.actions).toEqual(perTable.actions);
    expect(shared.actions).toEqual(perTable.actions);
    expect(none.carried).toBe(0);
    // About half of the decisions find their table in the last search, a fifth at least…
    const decisions = perTable.actions.reduce((sum, list) => sum + list.length, 0);
    expect(perTable.carried).toBeGreaterThan(decisions / 5);
    // …where one memory per seat number, shared by the games, is often replaced by another
    // game's decision before it can serve (with three games, a third to a half of the carries
    // are lost; among a server's hundreds of tables, nearly all were).
    expect(perTable.carried).toBeGreaterThan(shared.carried);
  }, 180_000);
});

describe("the search carried to a delivery", () => {
  it("serves the delivery after the seat's first Simmental, whose count of 0 the carried belief had no key for", () => {
    let cases = 0;
    for (const seed of ["sim-carry-a", "sim-carry-b", "sim-carry-c", "sim-carry-d"]) {
      let state = elPaso.setup(seed, 2);
      const random = createRandom(`carry:${seed}`);
      const memories = [{}, {}] as BotMemory[];
      let last: { seat: number; turn: number; sim: boolean } | null = null;
      while (!elPaso.isOver(state)) {
        const prompt = elPaso.prompts(state)[0]!;
        const view = elPaso.view(state, prompt.seat);
        const sim = "SIM" in view.players[prompt.seat]!.resources!.cattle;
        const first = prompt.kind === "deliver" && sim && last !== null && last.seat === prompt.seat && last.turn === state.turnCount && !last.sim;
        const before = carriedSearches();
        const action = chooseAction(view, prompt, random, WEIGHTS, memories[prompt.seat]);
        if (first && prompt.options.length > 1) {
          cases++;
          expect(carriedSearches()).toBe(before + 1);
        }
        if (prompt.options.length > 1) last = { seat: prompt.seat, turn: state.turnCount, sim };
        const result = elPaso.apply(state, prompt.seat, action);
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
      }
    }
    expect(cases).toBeGreaterThan(0);
  }, 60_000);
});

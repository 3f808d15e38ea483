import { describe, expect, it } from "vitest";
import { elGaucho } from "./index.ts";
import { keepChoices } from "./rules/options.ts";
import { act, eventsOf, prompt, tile, tiles } from "./test-helpers.ts";

describe("pre-round (VORRUNDE)", () => {
  it("keep 1 tile of any value, or 2 each ≤ 8, or 3 each ≤ 4", () => {
    const hand = [tile("white", 12), tile("black", 8), tile("gold", 4), tile("brown", 3), tile("spotted", 9)];
    const choices = keepChoices(hand).map((c) => c.map((t) => t.value).sort((a, b) => a - b).join("+"));
    expect(choices.filter((c) => !c.includes("+")).sort()).toEqual(["12", "3", "4", "8", "9"]);
    expect(choices.filter((c) => c.split("+").length === 2).sort()).toEqual(["3+4", "3+8", "4+8"]);
    expect(choices.filter((c) => c.split("+").length === 3)).toEqual([]);
    const small = keepChoices([tile("white", 1), tile("black", 2), tile("gold", 4)]);
    expect(small.some((c) => c.length === 3)).toBe(true);
  });

  it("tiles of one breed are kept as an ascending or a descending run", () => {
    const choices = keepChoices(tiles("white", 2, 3)).filter((c) => c.length === 2);
    expect(choices).toEqual([tiles("white", 2, 3), tiles("white", 3, 2)]);
  });

  it("every seat chooses at the same time; a choice stays hidden until all have chosen", () => {
    let state = elGaucho.setup("pre", 3);
    expect(elGaucho.prompts(state).map((p) => p.seat)).toEqual([0, 1, 2]);
    expect(elGaucho.prompts(state).every((p) => p.kind === "keep")).toBe(true);
    // Seat 2 answers first: any order is fine.
    const choice = elGaucho.prompts(state)[2]!.options[0]!;
    const r = act(state, 2, choice);
    state = r.state;
    expect(elGaucho.prompts(state).map((p) => p.seat)).toEqual([0, 1]);
    // Only seat 2 learns what it kept; the public event says only that it chose.
    expect(eventsOf(r.events, "kept")[0]!.onlyFor).toEqual([2]);
    expect(elGaucho.viewEvent(eventsOf(r.events, "kept")[0]!, 0)).toBeNull();
    expect(elGaucho.viewEvent(eventsOf(r.events, "chose")[0]!, null)).toEqual({ type: "chose", seat: 2 });
    const other = elGaucho.view(state, 0);
    expect(other.players[2]!.chosen).toBe(true);
    expect(other.players[2]!.kept).toBeNull();
    expect(other.players[2]!.hand).toBeNull();
    expect(elGaucho.view(state, 2).players[2]!.kept).toEqual((choice as { tiles: unknown }).tiles);
    expect(JSON.stringify(elGaucho.view(state, null).players.map((p) => p.herds))).not.toContain("value");
    // The others choose; then all choices are revealed together and start the herds.
    for (const p of elGaucho.prompts(state)) state = act(state, p.seat, p.options[0]!).state;
    for (const [seat, p] of state.players.entries()) {
      const kept = Object.values(p.herds).flat();
      expect(kept.length).toBeGreaterThan(0);
      expect(elGaucho.view(state, (seat + 1) % 3).players[seat]!.herds).toEqual(p.herds);
    }
    // Unchosen tiles left the game face down.
    expect(state.discarded.length).toBe(12 - state.players.reduce((s, p) => s + Object.values(p.herds).flat().length, 0));
    expect(elGaucho.view(state, null).discardedCount).toBe(state.discarded.length);
  });

  it("then one gaucho each goes onto an action field, counter-clockwise from the start player's right neighbour, one per area, without dice", () => {
    let state = elGaucho.setup("place", 4);
    for (const p of elGaucho.prompts(state)) state = act(state, p.seat, p.options[0]!).state;
    const order: number[] = [];
    while (state.phase.kind === "place") {
      const p = prompt(state);
      order.push(p.seat);
      expect(p.options).toHaveLength(6 - order.length + 1);
      state = act(state, p.seat, p.options[p.options.length - 1]!).state;
    }
    expect(order).toEqual([3, 2, 1, 0]);
    expect(state.players.map((p) => Object.values(p.areas).filter(Boolean).length)).toEqual([1, 1, 1, 1]);
    expect(new Set(state.prePlaced).size).toBe(4);
    // Then the start player's first turn, with the dice rolled.
    expect(prompt(state).seat).toBe(0);
    expect(state.phase).toEqual({ kind: "turn", step: "main" });
  });
});

import { type Chooser, createRandom, deepFreeze, randomBot } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { baselineBot } from "./bot/baseline.ts";
import { elPaso } from "./index.ts";
import { perform } from "./rules.ts";
import type { ElPasoState } from "./state.ts";
import { soloOptions } from "./sue-test-helpers.ts";
import { buildingStackOf, freezeNew, playerOf, thaw, topOf } from "./writes.ts";

const baseline: Chooser<any, any, any, any> = (game, state, seat, random) => baselineBot(game.view(state, seat), game.prompts(state)[0]!, random);

/** Every state of a game, each with the seat and action that follows it (the last state has none). */
function states(seed: string, seats: number, options: Parameters<typeof elPaso.setup>[2], chooser: Chooser<any, any, any, any>): { state: ElPasoState; seat: number; action: any }[] {
  const random = createRandom(`bots:${seed}`);
  let state = elPaso.setup(seed, seats, options);
  const out: { state: ElPasoState; seat: number; action: any }[] = [];
  while (!elPaso.isOver(state)) {
    const prompt = elPaso.prompts(state)[0]!;
    // Sue's prompts have one option; the bots never see hers.
    const action = prompt.kind === "sue" ? prompt.options[0] : chooser(elPaso, state, prompt.seat, random);
    out.push({ state, seat: prompt.seat, action });
    const result = elPaso.apply(state, prompt.seat, action);
    if (!result.ok) throw new Error(`${seed}: ${result.error.code} ${result.error.message}`);
    state = result.state;
  }
  out.push({ state, seat: -1, action: null });
  return out;
}

/** The first part of `value` (a path) that is not frozen, or null. */
function unfrozenPart(value: unknown, path = "state"): string | null {
  if (typeof value !== "object" || value === null) return null;
  if (!Object.isFrozen(value)) return path;
  for (const key of Object.keys(value)) {
    const found = unfrozenPart((value as Record<string, unknown>)[key], `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

const GAMES: [string, number, Parameters<typeof elPaso.setup>[2], Chooser<any, any, any, any>][] = [
  ["writes-random-2", 2, undefined, randomBot],
  ["writes-random-3", 3, { bSides: [1, 3, 5], starTrains: [2, 4], randomNeutrals: true, objectivePicks: "reverse" }, randomBot],
  ["writes-random-4", 4, undefined, randomBot],
  ["writes-baseline-2", 2, undefined, baseline],
  ["writes-baseline-4", 4, { bSides: [2, 4, 6], starTrains: [1, 3], randomNeutrals: true, objectivePicks: "printed" }, baseline],
  ["writes-solo-0", 2, soloOptions(0), randomBot],
  ["writes-solo-3", 2, soloOptions(3), baseline],
];

describe("the rules' copies (writes.ts)", () => {
  it("thaw copies the state's fields in their order, as a spread does; playerOf, topOf and buildingStackOf copy their parts so", () => {
    for (const [seed, seats, options, chooser] of GAMES) {
      for (const { state } of states(seed, seats, options, chooser)) {
        const copy = thaw(state);
        expect(Object.keys(copy)).toEqual(Object.keys({ ...state }));
        for (const key of Object.keys(state)) expect((copy as unknown as Record<string, unknown>)[key]).toBe((state as unknown as Record<string, unknown>)[key]);
        const seat = state.active;
        const entry = playerOf(copy, seat);
        expect(entry).not.toBe(state.players[seat]);
        expect(Object.keys(entry)).toEqual(Object.keys(state.players[seat]!));
        expect(JSON.stringify(entry)).toBe(JSON.stringify(state.players[seat]));
        // The copied list, not the state's, got the new entry.
        expect(state.players[seat]).not.toBe(entry);
        expect(copy.players[seat]).toBe(entry);
        // So too the top frame and the building stacks (a type's stack copied too, the others shared).
        if (state.stack.length > 0) {
          const frame = topOf(copy);
          expect(frame).not.toBe(state.stack.at(-1));
          expect(Object.keys(frame)).toEqual(Object.keys(state.stack.at(-1)!));
          expect(JSON.stringify(frame)).toBe(JSON.stringify(state.stack.at(-1)));
        }
        const type = 1 + (state.turnCount % 6);
        const stack = buildingStackOf(copy, type);
        expect(Object.keys(copy.buildingStacks)).toEqual(Object.keys(state.buildingStacks));
        expect(JSON.stringify(copy.buildingStacks)).toBe(JSON.stringify(state.buildingStacks));
        expect(stack).not.toBe(state.buildingStacks[String(type)]);
        for (const key of Object.keys(state.buildingStacks)) if (key !== String(type)) expect(copy.buildingStacks[key]).toBe(state.buildingStacks[key]);
      }
    }
    // Seven whole games, every state checked: several seconds beside the other suites on two cores.
  }, 60_000);

  it("freezeNew leaves every part of every new state frozen, and the state what deepFreeze's walk freezes", () => {
    for (const [seed, seats, options, chooser] of GAMES) {
      const all = states(seed, seats, options, chooser);
      for (let i = 0; i < all.length; i++) {
        const { state, seat, action } = all[i]!;
        // The engine's states themselves (apply runs freezeNew).
        expect(unfrozenPart(state), `${seed}, state ${i}`).toBeNull();
        if (action === null) continue;
        // And the same action performed by hand, frozen by freezeNew: the same state as one
        // frozen by deepFreeze's walk.
        const draft = thaw(state);
        perform(draft, seat, structuredClone(action));
        const plain = JSON.stringify(draft);
        freezeNew(draft, state);
        expect(unfrozenPart(draft), `${seed}, after action ${i}`).toBeNull();
        expect(JSON.stringify(draft)).toBe(plain);
        expect(JSON.stringify(deepFreeze(draft))).toBe(JSON.stringify(all[i + 1]!.state));
      }
    }
  }, 60_000);
});

import { type LogEvent, playOut, replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import type { Tile } from "./data.ts";
import { elGaucho } from "./index.ts";
import type { GauchoState } from "./state.ts";
import type { GauchoAction } from "./rules/prompts.ts";
import { act, prompt } from "./test-helpers.ts";

function allKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      keys.add(key);
      allKeys(child, keys);
    }
  }
  return keys;
}

const text = (t: Tile) => JSON.stringify({ breed: t.breed, value: t.value });

/** The tiles nobody (or only their owner) may see right now. */
function secretTiles(state: GauchoState): Tile[] {
  return [...state.supply, ...state.steppe, ...state.discarded, ...state.turn.steppeChosen];
}

function expectNoSecrets(state: GauchoState, viewer: number | null) {
  const json = JSON.stringify(elGaucho.view(state, viewer));
  for (const t of secretTiles(state)) expect(json).not.toContain(text(t));
  for (const [seat, player] of state.players.entries()) {
    if (seat === viewer) continue;
    for (const t of [...player.hand, ...(player.kept ?? [])]) expect(json).not.toContain(text(t));
  }
  expect(allKeys(elGaucho.view(state, viewer)).has("rng")).toBe(false);
  expect(allKeys(elGaucho.view(state, viewer)).has("options")).toBe(false);
}

describe("hidden information (projection)", () => {
  const played = playOut(elGaucho, { seed: "view", seats: 3 });

  it("at every moment of a bot game, other seats and spectators see no secret tile (supply, steppe, hands, discards)", () => {
    let state = elGaucho.setup("view", 3);
    for (const { seat, action } of played.log) {
      for (const viewer of [null, 0, 1, 2]) {
        if (viewer === state.active && state.phase.kind === "turn" && state.phase.step !== "main") continue; // the steppe's user
        expectNoSecrets(state, viewer);
      }
      state = act(state, seat, action as GauchoAction).state;
    }
  }, 60_000);

  it("the supply and the steppe are counts in every view", () => {
    const state = replay(elGaucho, "view", 3, undefined, played.log.slice(0, 60));
    for (const viewer of [null, 0, 1, 2]) {
      const view = elGaucho.view(state, viewer);
      expect(view.supplyCount).toBe(state.supply.length);
      expect(view.steppeCount).toBe(state.steppe.length);
      expect(allKeys(view).has("supply")).toBe(false);
    }
  });

  it("pre-round hands: a seat sees its own hand, the others and spectators only its size", () => {
    const state = elGaucho.setup("hands", 4);
    const own = elGaucho.view(state, 1);
    expect(own.players[1]!.hand).toEqual(state.players[1]!.hand);
    expect(own.players[0]!.hand).toBeNull();
    expect(elGaucho.view(state, null).players.map((p) => p.handCount)).toEqual([3, 3, 3, 3]);
    expectNoSecrets(state, null);
    expectNoSecrets(state, 2);
  });

  it("every seat gets only its own prompt; the view says who is waited for", () => {
    const state = elGaucho.setup("prompts", 3);
    const prompts = elGaucho.prompts(state);
    expect(prompts.map((p) => p.seat)).toEqual([0, 1, 2]);
    for (const p of prompts) {
      for (const option of p.options) {
        for (const t of option.type === "keep" ? option.tiles : []) expect(state.players[p.seat]!.hand).toContainEqual(t);
      }
    }
    expect(elGaucho.view(state, null).waitingFor).toEqual([
      { seat: 0, kind: "keep" },
      { seat: 1, kind: "keep" },
      { seat: 2, kind: "keep" },
    ]);
  });

  it("events with secret content are private: others and spectators never receive them", () => {
    const secret = played.events.filter((e) => e.onlyFor);
    expect(new Set(secret.map((e) => e.type))).toEqual(new Set(["kept", "steppeSeen"]));
    for (const event of secret) {
      const owner = event.onlyFor![0]!;
      expect(elGaucho.viewEvent(event, owner)).toEqual(event);
      expect(elGaucho.viewEvent(event, null)).toBeNull();
      for (const other of [0, 1, 2].filter((s) => s !== owner)) expect(elGaucho.viewEvent(event, other)).toBeNull();
    }
    // Public events never carry a tile while it is secret: a steppe refill or a draw says only how many.
    const publicTypes = new Set(played.events.filter((e: LogEvent) => !e.onlyFor).map((e) => e.type));
    expect(publicTypes.has("steppeRefilled")).toBe(true);
    for (const e of played.events.filter((e) => e.type === "steppeRefilled" || e.type === "steppeChose" || e.type === "chose")) {
      expect(allKeys(e).has("tiles")).toBe(false);
      expect(allKeys(e).has("tile")).toBe(false);
    }
  });

  it("the steppe's user sees its tiles only during the action", () => {
    let state = replay(elGaucho, "view", 3, undefined, []);
    let seen = false;
    for (const { seat, action } of played.log) {
      if (state.phase.kind === "turn" && state.phase.step === "steppeChoose") {
        seen = true;
        expect(elGaucho.view(state, state.active).steppe).toEqual(state.steppe);
        expect(prompt(state).seat).toBe(state.active);
      } else {
        for (const viewer of [0, 1, 2]) expect(elGaucho.view(state, viewer).steppe).toBeNull();
      }
      state = act(state, seat, action as GauchoAction).state;
    }
    expect(seen).toBe(true);
  });

  it("the view shares the frozen state and its frozen player entries: changing them fails, and the game is untouched", () => {
    const state = replay(elGaucho, "view", 3, undefined, played.log.slice(0, 40));
    const before = JSON.stringify(state);
    const view = elGaucho.view(state, 0);
    // Player entries are made once per player entry and shared by every view (view.ts), so none may be written.
    expect(() => (view.players[0]!.pesos += 100)).toThrow(TypeError);
    expect(() => (view.pampa[0]![0]!.tile = null)).toThrow(TypeError);
    expect(elGaucho.view(state, 1).players[2]).toBe(elGaucho.view(state, null).players[2]);
    expect(elGaucho.view(state, 0).players[0]).toBe(view.players[0]);
    expect(JSON.stringify(state)).toBe(before);
  });
});

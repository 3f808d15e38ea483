import { createHash } from "node:crypto";
import { playOut, randomBot } from "@saloon/engine";
import type { MatchFixture } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import matches from "./fixtures/matches.json" with { type: "json" };
import { elPaso } from "./index.ts";
import { type ElPasoAction, currentPrompt, promptHead } from "./prompts.ts";

describe("promptHead", () => {
  it("is the seat and kind of currentPrompt at every step of every stored match (solo included)", () => {
    const kinds = new Set<string>();
    for (const match of matches as MatchFixture[]) {
      let state = elPaso.setup(match.seed, match.seats, (match.options ?? undefined) as never);
      for (const { seat, action } of match.log) {
        const prompt = currentPrompt(state);
        expect(promptHead(state)).toEqual(prompt ? { seat: prompt.seat, kind: prompt.kind } : null);
        if (prompt) kinds.add(prompt.kind);
        const r = elPaso.apply(state, seat, action);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
      }
      expect(promptHead(state)).toBeNull(); // the game is over
    }
    // The matches reach the prompts of every kind of frame, or this proves little.
    for (const kind of ["pickObjective", "move", "actions", "aux", "deliver", "exchangeDiscard", "sue"]) expect(kinds).toContain(kind);
  });
});

describe("currentPrompt", () => {
  // The prompts' options, their order and context, made by appending into one list (issue #14,
  // 7 Dec 2026) rather than from lists spread together: the same as before at every step of 24
  // games of random play (every kind of option, wild variants of buildings, purchases and train
  // cards included) and of the stored matches. A change of what is offered changes this hash.
  it("offers what it offered before the appending rewrite, in the same order", () => {
    const hash = createHash("sha256");
    const kinds = new Set<string>();
    const seats = Array.from({ length: 24 }, (_, g) => 2 + (g % 3));
    const games = seats.map((n, g) => ({ seed: `prompts-${g}`, seats: n, log: playOut(elPaso, { seed: `prompts-${g}`, seats: n, choosers: Array.from({ length: n }, () => randomBot) }).log }));
    for (const game of [...games, ...(matches as MatchFixture[])]) {
      let state = elPaso.setup(game.seed, game.seats, ("options" in game ? (game.options ?? undefined) : undefined) as never);
      for (const { seat, action } of game.log) {
        const prompt = currentPrompt(state);
        for (const o of prompt?.options ?? []) kinds.add(o.type + ("wild" in o && o.wild > 0 ? "+wild" : ""));
        hash.update(JSON.stringify(prompt));
        const r = elPaso.apply(state, seat, action as ElPasoAction);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
      }
    }
    for (const kind of ["build+wild", "buy+wild", "train+wild", "hire", "hireSecond", "auxTrash", "actBreed", "tile", "deliver", "bonus", "exchange"]) expect(kinds).toContain(kind);
    expect(hash.digest("hex")).toBe("0ed9608a1ef0ba0152d6b063b5ef3efdd93dd0850b844e9fd0a17ad8c7e2770f");
  });

  it("hands out the most common options as the same frozen objects, equal to fresh ones", () => {
    let shared = 0;
    let state = elPaso.setup("prompt-options", 3);
    const { log } = playOut(elPaso, { seed: "prompt-options", seats: 3, choosers: [randomBot, randomBot, randomBot] });
    for (const { seat, action } of log) {
      const first = currentPrompt(state);
      const again = currentPrompt(state);
      for (let i = 0; i < (first?.options.length ?? 0); i++) {
        const o = first!.options[i]!;
        expect(again!.options[i]).toEqual(o);
        if (again!.options[i] === o) {
          expect(Object.isFrozen(o)).toBe(true);
          // A fresh copy with the same keys in the same order.
          expect(JSON.stringify(o)).toBe(JSON.stringify({ ...o }));
          shared++;
        }
      }
      const r = elPaso.apply(state, seat, action as ElPasoAction);
      if (!r.ok) throw new Error(r.error.code);
      state = r.state;
    }
    expect(shared).toBeGreaterThan(500);
  });

  it("comes from the rules frozen all the way down, the options as currentPrompt makes them", () => {
    // index.ts freezes its prompt list itself, so the engine's deepFreeze stops at the list: a
    // part left unfrozen there (an option not handed out frozen, the context) would stay so.
    const unfrozen = (value: unknown): boolean => {
      if (typeof value !== "object" || value === null) return false;
      if (!Object.isFrozen(value)) return true;
      return Object.values(value).some(unfrozen);
    };
    const contexts = new Set<string>();
    for (const seats of [2, 3, 4]) {
      const seed = `frozen-prompts-${seats}`;
      const { log } = playOut(elPaso, { seed, seats, choosers: Array.from({ length: seats }, () => randomBot) });
      let state = elPaso.setup(seed, seats);
      for (const { seat, action } of log) {
        const prompts = elPaso.prompts(state);
        expect(unfrozen(prompts)).toBe(false);
        expect(prompts).toEqual([currentPrompt(state)]);
        for (const p of prompts) if (p.context) contexts.add(p.kind);
        state = (elPaso.apply(state, seat, action as ElPasoAction) as { state: typeof state }).state;
      }
      // A hand-built (unfrozen) copy's prompts are frozen too, and the same.
      expect(unfrozen(elPaso.prompts(structuredClone(state)))).toBe(false);
    }
    for (const kind of ["move", "actions", "deliver"]) expect(contexts).toContain(kind);
  });

  it("offers a worker bonus by the worker area as it is now, when a hand-built area changes in place", () => {
    // The last frozen worker area's bonus types are kept (prompt-options.ts bonusWorkers): an
    // unfrozen one must be looked at again each time.
    const { log } = playOut(elPaso, { seed: "bonus-workers", seats: 2, choosers: [randomBot, randomBot] });
    let state = elPaso.setup("bonus-workers", 2);
    const engineer = (options: readonly ElPasoAction[]) => options.some((o) => o.type === "bonus" && o.worker === "ENG");
    let checked = 0;
    for (const { seat, action } of log) {
      if (engineer(currentPrompt(state)!.options)) {
        const copy = structuredClone(state);
        const p = copy.players[copy.active]!;
        expect(engineer(currentPrompt(copy)!.options)).toBe(true);
        const kept = [...p.workers];
        p.workers.splice(0, p.workers.length, ...kept.filter((w) => !w.startsWith("W-ENG")));
        expect(engineer(currentPrompt(copy)!.options)).toBe(false);
        p.workers.splice(0, p.workers.length, ...kept);
        expect(engineer(currentPrompt(copy)!.options)).toBe(true);
        checked++;
      }
      state = (elPaso.apply(state, seat, action as ElPasoAction) as { state: typeof state }).state;
    }
    expect(checked).toBeGreaterThan(10);
  });
});


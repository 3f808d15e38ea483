import type { MatchFixture } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import matches from "./fixtures/matches.json" with { type: "json" };
import { elPaso } from "./index.ts";
import { currentPrompt, promptHead } from "./prompts.ts";

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

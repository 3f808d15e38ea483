import { playOut } from "@saloon/engine";
import { type MatchFixture, replayDigest, unfrozenPaths, vandalizeViews } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import matches from "./fixtures/matches.json" with { type: "json" };
import { elPaso } from "./index.ts";

// Stored bot matches, recorded by `pnpm fixtures:record`: each must rebuild from its seed and
// action log to the same states, views, events and scores as when it was recorded.
describe("stored matches", () => {
  for (const match of matches as MatchFixture[]) {
    it(`${match.seed}, ${match.seats} seats: every state and view as recorded`, () => {
      expect(match.rulesVersion).toBe(elPaso.rulesVersion);
      const rebuilt = replayDigest(elPaso, match);
      expect(rebuilt.totals).toEqual(match.totals);
      expect(rebuilt.digest).toBe(match.digest);
      // States share their unchanged parts with each other and with views (issue #14): they
      // are frozen all the way down, and writing into a view changes nothing in the game.
      expect(unfrozenPaths(rebuilt.state)).toEqual([]);
      const { before, after } = vandalizeViews(elPaso, rebuilt.state, match.seats);
      expect(after).toBe(before);
    });
  }
  for (const match of (matches as MatchFixture[]).filter((m) => m.seats === 2) /* the bot is slow: its 2-seat games only */) {
    it(`${match.seed}, ${match.seats} seats: the bots still choose the recorded actions`, () => {
      const { log } = playOut(elPaso, { seed: match.seed, seats: match.seats, options: match.options ?? undefined });
      expect(log).toEqual(match.log);
    });
  }
});

import { type MatchFixture, replayDigest } from "@saloon/engine/testing";
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
    });
  }
});

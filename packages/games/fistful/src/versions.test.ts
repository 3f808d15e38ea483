import { replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import v1Match from "./fixtures/rules-v1-match.json" with { type: "json" };
import v2Match from "./fixtures/rules-v2-match.json" with { type: "json" };
import { fistful } from "./index.ts";

/** Rebuilds a stored match with today's rules: its totals, or null when a recorded move is refused. */
function rebuiltTotals(match: typeof v1Match): number[] | null {
  try {
    const state = replay(fistful, match.seed, match.seats, undefined, match.actions as never);
    return fistful.scores(state)?.lines.map((line) => line.total) ?? [];
  } catch {
    return null;
  }
}

describe("rules versions", () => {
  it("a match recorded with rules version 1 (dynamite exploding mid-draw) does not rebuild with version 2: why the version went up", () => {
    expect(v1Match.rulesVersion).toBe("1");
    expect(fistful.rulesVersion).toBe("2");
    // Either a recorded move is no longer legal, or the game ends with other scores.
    expect(rebuiltTotals(v1Match)).not.toEqual(v1Match.totals);
  });

  it("a match recorded with today's rules rebuilds to its stored totals (a rules or data change that alters it must bump rulesVersion)", () => {
    expect(v2Match.rulesVersion).toBe(fistful.rulesVersion);
    expect(rebuiltTotals(v2Match)).toEqual(v2Match.totals);
  });
});

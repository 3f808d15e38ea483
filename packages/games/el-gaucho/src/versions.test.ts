import { replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import v1Match from "./fixtures/rules-v1-match.json" with { type: "json" };
import { elGaucho } from "./index.ts";

/** Rebuilds a stored match with today's rules: its totals, or null when a recorded move is refused. */
function rebuiltTotals(match: typeof v1Match): number[] | null {
  try {
    const state = replay(elGaucho, match.seed, match.seats, undefined, match.actions as never);
    return elGaucho.scores(state)?.lines.map((line) => line.total) ?? [];
  } catch {
    return null;
  }
}

describe("rules versions", () => {
  it("a match recorded with rules version 1 (arrivals in any breed order, recalls with gauchos in supply) does not rebuild with version 2: why the version went up", () => {
    expect(v1Match.rulesVersion).toBe("1");
    expect(elGaucho.rulesVersion).toBe("2");
    // A recorded arrival of a later breed before an earlier one is no longer offered.
    expect(rebuiltTotals(v1Match)).toBeNull();
  });
});

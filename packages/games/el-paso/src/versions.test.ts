import { replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import v1Match from "./fixtures/rules-v1-match.json" with { type: "json" };
import { elPaso } from "./index.ts";

describe("rules versions", () => {
  it("a match recorded with rules version 1 does not rebuild with version 2: why the version went up, and why such matches are marked, not replayed", () => {
    expect(v1Match.rulesVersion).toBe("1");
    expect(elPaso.rulesVersion).toBe("2");
    let rebuilt: ReturnType<typeof replay<any, any, any, any>> | null = null;
    let refused = false;
    try {
      rebuilt = replay(elPaso, v1Match.seed, v1Match.seats, undefined, v1Match.actions as never);
    } catch {
      refused = true;
    }
    // Either a recorded move is no longer legal, or the game ends elsewhere with other scores.
    expect(refused || JSON.stringify(elPaso.scores(rebuilt)?.lines.map((l) => l.total)) !== JSON.stringify(v1Match.totals)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { OBJECTIVE_IDS } from "../data.ts";
import { beliefFromView } from "./belief.ts";
import { boardFacts, postFacts } from "./board.ts";
import { holdings } from "./holdings.ts";
import { objectivesValue } from "./objectives.ts";
import { recordedDecisions } from "./recorded-decisions.ts";
import { WEIGHTS, horizonAt } from "./weights.ts";

describe("the objectives' value", () => {
  it("leaves out the sets holding a tile not met alone, and finds what trying every set finds", () => {
    // A cost below 0 (of an item no objective needs) turns the shortcut off: every set is tried.
    const everySet = { ...WEIGHTS, missing: { ...WEIGHTS.missing, unused: -1 } };
    let compared = 0;
    let unmetAlone = 0;
    for (const [view, prompt] of recordedDecisions("objectives-sets", 6)) {
      const { state: s, seat } = beliefFromView(view, prompt.seat);
      const me = s.players[seat]!;
      const own = holdings(beliefFromView(view, prompt.seat), me);
      const { builders } = boardFacts(s.board, seat);
      const { discs10, discs16 } = postFacts(s.posts, seat);
      const h = horizonAt(s, seat);
      // The seat's tiles and up to three more (the next ones by id), most of them not met.
      const extra = OBJECTIVE_IDS.filter((id) => !me.objectives.includes(id)).slice(compared % 7, (compared % 7) + 3);
      const held = [...me.objectives, ...extra];
      for (const final of [false, true]) {
        const value = objectivesValue(held, own, builders, discs10, discs16, h, WEIGHTS, final);
        expect(value).toBe(objectivesValue(held, own, builders, discs10, discs16, h, everySet, final));
      }
      compared++;
      if (held.some((id) => objectivesValue([id], own, builders, discs10, discs16, h, WEIGHTS, true) === 0)) unmetAlone++;
    }
    expect(compared).toBeGreaterThan(200);
    expect(unmetAlone).toBeGreaterThan(100);
  });
});

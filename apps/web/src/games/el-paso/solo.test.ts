import { describe, expect, it } from "vitest";
import { soloOutcome } from "./solo.ts";

describe("the solo result against Sue", () => {
  it("says who won and by how much", () => {
    expect(soloOutcome("You", 72, 65, 3)).toEqual({ personWon: true, sentence: "You beat Sue by 7 points." });
    expect(soloOutcome("Annie", 60, 61, 0)).toEqual({ personWon: false, sentence: "Sue wins by 1 point." });
    expect(soloOutcome("Annie", 70, 62, 0).sentence).toBe("Annie beats Sue by 8 points.");
  });

  it("breaks a points tie by the dollars left after conversion, of which Sue has none", () => {
    // $12 converts to 2 points with $2 left over: the person wins the tie.
    expect(soloOutcome("You", 64, 64, 12)).toEqual({ personWon: true, sentence: "A tie on points: your $2 left over breaks it (Sue has none), so you win." });
    // $10 converts fully: nothing left over, a shared win.
    expect(soloOutcome("Annie", 64, 64, 10)).toEqual({ personWon: false, sentence: "A tie on points and on money left over: a shared win." });
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { soloOutcome } from "./solo.ts";

afterEach(() => setLanguage("en"));

describe("the solo result against Sue", () => {
  it("says who won and by how much", () => {
    expect(soloOutcome(null, 72, 65, 3)).toEqual({ personWon: true, sentence: "You beat Sue by 7 points." });
    expect(soloOutcome("Annie", 60, 61, 0)).toEqual({ personWon: false, sentence: "Sue wins by 1 point." });
    expect(soloOutcome("Annie", 70, 62, 0).sentence).toBe("Annie beats Sue by 8 points.");
  });

  it("breaks a points tie by the dollars left after conversion, of which Sue has none", () => {
    // $12 converts to 2 points with $2 left over: the person wins the tie.
    expect(soloOutcome(null, 64, 64, 12)).toEqual({ personWon: true, sentence: "A tie on points: your $2 left over breaks it (Sue has none), so you win." });
    // $10 converts fully: nothing left over, a shared win.
    expect(soloOutcome("Annie", 64, 64, 10)).toEqual({ personWon: false, sentence: "A tie on points and on money left over: a shared win." });
  });

  it("says it in German too", () => {
    setLanguage("de");
    expect(soloOutcome(null, 72, 65, 3).sentence).toBe("Du schlägst Sue mit 7 Siegpunkten Vorsprung.");
    expect(soloOutcome("Annie", 60, 61, 0).sentence).toBe("Sue gewinnt mit 1 Siegpunkt Vorsprung.");
    expect(soloOutcome("Hans", 64, 64, 12).sentence).toBe("Gleichstand bei den Siegpunkten: Hans' übrige $2 entscheiden (Sue hat keine), also gewinnt Hans.");
  });
});

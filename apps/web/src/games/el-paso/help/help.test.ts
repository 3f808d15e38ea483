import { BUILDING_ACTIONS, BUILDING_VP, NEUTRAL_IDS, POSTS, RULINGS } from "@saloon/el-paso";
import { afterEach, describe, expect, it } from "vitest";
import { expectEveryRulingExplained } from "../../../help/ruling-checks.ts";
import { setLanguage } from "../../../lib/i18n.ts";
import { actionsText } from "../words.ts";
import { breedRows, buildingRows, discRows, postRows, ruleLines, workerRows } from "./aid.ts";
import { rulings } from "./rulings.ts";

afterEach(() => setLanguage("en"));

describe("El Paso's player aid", () => {
  it("lists the six neutral buildings and both sides of the twelve building tiles with builders, dollars and points", () => {
    const rows = buildingRows();
    expect(rows).toHaveLength(NEUTRAL_IDS.length + 12);
    expect(rows.slice(0, 6).map((r) => r.name)).toEqual(["B", "C", "D", "E", "F", "G"].map((letter) => `Neutral building ${letter}`));
    const tiles = rows.slice(6);
    // Builders = the type, $2 per builder; points as calibrated in data.ts.
    expect(tiles.map((r) => [r.id, r.builders, r.dollars, r.points])).toEqual([
      ["1a", 1, 2, 2],
      ["1b", 1, 2, 2],
      ["2a", 2, 4, 4],
      ["2b", 2, 4, 4],
      ["3a", 3, 6, 5],
      ["3b", 3, 6, 5],
      ["4a", 4, 8, 7],
      ["4b", 4, 8, 7],
      ["5a", 5, 10, 8],
      ["5b", 5, 10, 8],
      ["6a", 6, 12, 10],
      ["6b", 6, 12, 10],
    ]);
    for (const row of tiles) {
      expect(row.points).toBe(BUILDING_VP[row.builders as keyof typeof BUILDING_VP]);
      expect(row.actions).toBe(actionsText(BUILDING_ACTIONS[row.id as keyof typeof BUILDING_ACTIONS]));
    }
    expect(tiles.find((r) => r.id === "2a")?.actions).toBe("Discard a card of breeding value 2 from your hand for $3; Move your herder up to 1 step and use the new location");
  });

  it("gives each trading post its minimum, its points per disc and its reward", () => {
    const rows = postRows();
    expect(rows.map((r) => r.post)).toEqual([...POSTS]);
    expect(rows.map((r) => [r.min, r.points, r.manyDiscs, r.dark])).toEqual([
      [0, 0, true, false],
      [5, 0, false, false],
      [7, 0, false, false],
      [9, 0, false, false],
      [10, 4, false, true],
      [12, 5, true, true],
      [16, 7, true, true],
    ]);
    expect(rows[0]!.reward).toBeNull();
    expect(rows[1]!.reward).toBe("Gain $2");
  });

  it("lists breeding values and points of every breed, and the market's stock", () => {
    expect(breedRows().map((r) => [r.name, r.breedingValue, r.points, r.market])).toEqual([
      ["Criollo", 1, 0, null],
      ["Pineywoods", 2, 0, null],
      ["Galloway", 2, 0, null],
      ["Santa Gertrudis", 2, 0, null],
      ["Black Angus", 3, 1, 8],
      ["Corriente", 3, 2, 10],
      ["Shorthorn", 4, 3, 8],
      ["Hereford", 5, 4, 6],
      ["Simmental", 2, 2, null],
    ]);
  });

  it("gives workers, discs, limits and Sue's deliveries from the data, in English and German", () => {
    expect(workerRows().map((r) => [r.worker, r.points])).toEqual([
      ["COW", 2],
      ["ENG", 2],
      ["BLD", 2],
      ["WLD", 3],
    ]);
    expect(discRows().map((r) => [r.disc, r.dark, r.money])).toEqual([
      ["D1", false, ""],
      ["D2", false, ""],
      ["D3", false, ""],
      ["D4", false, "−$3"],
      ["D5", true, "+$1"],
      ["D6", true, "−$4"],
      ["D7", true, "+$2"],
    ]);
    expect(ruleLines()).toEqual({
      build: "Building also costs what the space shows; you own at most 2 buildings.",
      elPaso: "El Paso: $5, a Simmental, then a delivery.",
      hire: "Hiring at B: one worker $5, two different ones $13; a wild worker costs $4 more.",
      buy: "Buying cattle or riding the train: discard the cowboys or engineers it asks for and pay $2 for each.",
      limits: "Hand limit 4, step limit 3, at most 4 certificates on the track; money scores 1 point per $5.",
      sue: "Sue delivers to posts 7, 9, 10, 12, 16, and 16.",
    });
    setLanguage("de");
    expect(ruleLines().hire).toBe("Anstellen bei B: ein Arbeiter 5 $, zwei verschiedene 13 $; ein Joker kostet 4 $ mehr.");
    expect(ruleLines().sue).toBe("Sue liefert an die Handelsposten 7, 9, 10, 12, 16 und 16.");
  });
});

describe("El Paso's rulings in the help", () => {
  it("explains every ruling of rulings.ts, Sue's included, in English and German", () => {
    expectEveryRulingExplained({ rulings: RULINGS, folder: import.meta.dirname, prefix: "elpaso_help_ruling_", lines: rulings });
  });
});

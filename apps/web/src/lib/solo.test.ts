import { createTableOptions } from "@saloon/protocol";
import { describe, expect, it } from "vitest";
import { SOLO_DIFFICULTIES, offersSolo, soloTableRequest } from "./solo.ts";

describe("the lobby's El Paso solo table", () => {
  it("is offered for El Paso only", () => {
    expect(offersSolo("el-paso")).toBe(true);
    expect(offersSolo("fistful")).toBe(false);
    expect(offersSolo("el-gaucho")).toBe(false);
  });
  it("asks for 2 seats with the solo options; the server seats Sue, so no bot seat is listed", () => {
    expect(soloTableRequest(2, false)).toEqual({ game: "el-paso", seats: 2, bots: [], private: false, options: { solo: true, difficulty: 2 } });
    expect(soloTableRequest(0, true).private).toBe(true);
    // A request the protocol accepts as it is.
    expect(createTableOptions.parse(soloTableRequest(3, false))).toMatchObject({ game: "el-paso", seats: 2, options: { solo: true, difficulty: 3 } });
  });
  it("offers the difficulties 0 to 3, one per number of B-cards", () => {
    expect(SOLO_DIFFICULTIES.map((d) => d.difficulty)).toEqual([0, 1, 2, 3]);
  });
});

import { elGaucho } from "@saloon/el-gaucho";
import { elPaso } from "@saloon/el-paso";
import type { AnyGame } from "@saloon/engine";
import { fistful } from "@saloon/fistful";
import { describe, expect, it } from "vitest";
import { gameEntries, gameEntry, gameTitle } from "./registry.ts";

describe("the game registry", () => {
  it("names each game and its rules version as its rules package does, without loading the game", () => {
    const rules: AnyGame[] = [fistful, elGaucho, elPaso];
    expect(gameEntries().map((entry) => entry.id)).toEqual(rules.map((game) => game.id));
    for (const game of rules) {
      // A rules version bumped in the package but not here would let the history offer replays
      // of old matches that no longer rebuild.
      expect(gameEntry(game.id)).toMatchObject({ id: game.id, title: game.title, rulesVersion: game.rulesVersion });
    }
  });

  it("falls back to the id for a game it does not know", () => {
    expect(gameTitle("tic-tac-toe")).toBe("tic-tac-toe");
    expect(gameEntry("tic-tac-toe")).toBeUndefined();
  });
});

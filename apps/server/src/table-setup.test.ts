import { games } from "@saloon/catalog";
import type { ResumableMatch } from "@saloon/db";
import { type ActionBase, playOut } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { replayStored } from "./table-setup.ts";

const fistful = games.fistful!;

/** A stored running match of Fistful: the first `moves` actions of a bot game. */
function storedMatch(rulesVersion: string, moves: number): ResumableMatch {
  const { log } = playOut(fistful, { seed: "stored-match", seats: 2 });
  return {
    id: "t1",
    status: "playing",
    game: fistful.id,
    rulesVersion,
    options: {},
    seed: "stored-match",
    createdAt: new Date(0),
    startedAt: new Date(0),
    table: {},
    seats: [
      { seat: 0, kind: "human", name: "Ann", tokenHash: null },
      { seat: 1, kind: "bot", name: "Bot 2", tokenHash: null },
    ],
    actions: log.slice(0, moves).map((entry, index) => ({ index, seat: entry.seat, action: entry.action as ActionBase, at: new Date(index) })),
    chat: [],
    chatCount: 0,
  };
}

describe("replayStored", () => {
  it("rebuilds a match stored under this server's rules to the state its actions lead to", () => {
    const match = storedMatch(fistful.rulesVersion, 20);
    const rebuilt = replayStored(fistful, match);
    expect(rebuilt.actions).toHaveLength(20);
    let state = fistful.setup("stored-match", 2, {});
    for (const entry of match.actions) {
      const result = fistful.apply(state, entry.seat, entry.action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    expect(rebuilt.gameState).toEqual(state);
  });

  it("refuses a match stored under other rules instead of replaying it into another game", () => {
    expect(() => replayStored(fistful, storedMatch("1", 20))).toThrow(/cannot rebuild table t1: it was played under rules version 1, this server has 2/);
  });
});

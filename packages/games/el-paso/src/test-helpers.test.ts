import { describe, expect, it } from "vitest";
import { conservationProblems, started } from "./test-helpers.ts";

// The simulations trust this check after every action: it must see a card twice or a card lost.
describe("conservationProblems", () => {
  it("finds nothing wrong at the start, a duplicated card by its id, and a lost card by the count", () => {
    const state = started(3);
    expect(conservationProblems(state)).toEqual([]);
    const card = state.players[0]!.hand[0]!;
    state.players[1]!.discard.push(card);
    expect(conservationProblems(state)).toEqual([`${card} ×2`]);
    state.players[1]!.discard.pop();
    state.players[0]!.hand.shift();
    expect(conservationProblems(state)).toEqual([expect.stringMatching(/cards instead of/)]);
  });
});

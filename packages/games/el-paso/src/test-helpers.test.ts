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

  it("finds a disc twice or missing, and a third building", () => {
    const state = started(2);
    const disc = state.players[0]!.discs[0]!;
    state.posts.P00.push({ seat: 0, disc });
    expect(conservationProblems(state)).toEqual([`seat 0 discs ${[...state.players[0]!.discs, disc]}`]);
    state.posts.P00.pop();
    state.players[0]!.discs.shift();
    expect(conservationProblems(state)).toEqual([`seat 0 discs ${state.players[0]!.discs}`]);
    state.players[0]!.discs.unshift(disc);
    for (const node of ["T01", "T03", "T09"] as const) state.board[node] = { kind: "building", tile: `X${node}`, type: 1, owner: 1 };
    expect(conservationProblems(state)).toContain("seat 1 owns 3 buildings");
  });
});

import { describe, expect, it } from "vitest";
import { elGaucho } from "./index.ts";
import { act, errorCode, eventsOf, offered, passTurn, play, prompt, putGaucho, putOnArea, setRow, table, tile } from "./test-helpers.ts";

describe("a round (SPIELABLAUF)", () => {
  it("each player takes 2 dice in turn; the last one chooses from 3; then the start player passes to the left and rolls", () => {
    let state = table(3, [1, 2, 3, 4, 5, 6, 6]);
    setRow(state, 0, [tile("white", 12)]);
    const seen: number[] = [];
    for (let k = 0; k < 3; k++) {
      expect(state.active).toBe(k);
      seen.push(state.rodeo.length);
      state = passTurn(state).state;
    }
    expect(seen).toEqual([7, 5, 3]);
    expect(state.round).toEqual({ number: 2, start: 1, dieless: false });
    expect(state.active).toBe(1);
    expect(state.rodeo).toHaveLength(7);
  });

  it("the dice must be taken before any die action, and then the turn can end", () => {
    const state = table(2, [1, 2, 3, 4, 5]);
    setRow(state, 0, [tile("white", 3)]);
    expect(offered(state, { type: "stand", row: 0, field: 0, dice: [3], wish: false })).toBe(false);
    expect(offered(state, { type: "endTurn" })).toBe(false);
    expect(prompt(state).options.filter((o) => o.type === "pick")).toHaveLength(10);
    const next = act(state, 0, { type: "pick", dice: [1, 2] }).state;
    expect(next.rodeo).toEqual([3, 4, 5]);
    expect(offered(next, { type: "endTurn" })).toBe(true);
  });

  it("example 1: with a 5 and a 6 a gaucho stands on the 11 (one action for the sum)", () => {
    let state = table(3, [5, 6, 1, 1, 2, 2, 3]);
    setRow(state, 1, [tile("white", 11), tile("gold", 2)]);
    state = play(state, { type: "pick", dice: [5, 6] }).state;
    expect(offered(state, { type: "stand", row: 1, field: 0, dice: [5], wish: false })).toBe(false);
    const r = play(state, { type: "stand", row: 1, field: 0, dice: [5, 6], wish: false });
    expect(r.state.pampa[1]![0]!.gaucho).toEqual({ seat: 0, standing: true });
    expect(r.state.turn.dice).toEqual([]);
    expect(r.state.players[0]!.gauchos).toBe(7);
    expect(eventsOf(r.events, "stood")).toHaveLength(1);
  });

  it("example 2: a 5 lays a gaucho on the 11, another 5 (in a later turn) raises it", () => {
    let state = table(2, [5, 5, 1, 1, 2]);
    setRow(state, 1, [tile("white", 11), tile("gold", 12)]);
    state = play(state, { type: "pick", dice: [1, 5] }, { type: "lay", row: 1, field: 0, dice: [5], wish: false }).state;
    expect(state.pampa[1]![0]!.gaucho).toEqual({ seat: 0, standing: false });
    // The lying gaucho is not on a free tile any more: nobody else may stand there.
    state = structuredClone(play(state, { type: "endTurn" }).state); // engine states are frozen
    state.rodeo = [1, 1, 5];
    state = play(state, { type: "pick", dice: [1, 5] }).state;
    expect(offered(state, { type: "stand", row: 1, field: 0, dice: [5], wish: false })).toBe(false);
    expect(offered(state, { type: "raise", row: 1, field: 0, dice: [5], wish: false })).toBe(false); // not seat 1's gaucho
    state = play(state, { type: "endTurn" }).state; // round ends, seat 1 starts round 2
    state = structuredClone(passTurn(state).state); // engine states are frozen
    state.rodeo = [5, 2, 2];
    state = play(state, { type: "pick", dice: [2, 5] }, { type: "raise", row: 1, field: 0, dice: [5], wish: false }).state;
    expect(state.pampa[1]![0]!.gaucho).toEqual({ seat: 0, standing: true });
  });

  it("two dice give two actions, one per die", () => {
    let state = table(2, [2, 3, 6, 6, 6]);
    setRow(state, 0, [tile("white", 2), tile("gold", 3)]);
    state = play(state, { type: "pick", dice: [2, 3] }, { type: "stand", row: 0, field: 0, dice: [2], wish: false }).state;
    expect(state.turn.dice).toEqual([3]);
    state = play(state, { type: "stand", row: 0, field: 1, dice: [3], wish: false }).state;
    expect(state.pampa[0]!.map((f) => f.gaucho?.seat)).toEqual([0, 0]);
  });

  it("dice must match exactly", () => {
    let state = table(2, [5, 5, 1, 1, 1]);
    setRow(state, 0, [tile("white", 11), tile("gold", 9)]);
    state = play(state, { type: "pick", dice: [5, 5] }).state;
    const standing = prompt(state).options.filter((o) => o.type === "stand");
    expect(standing).toEqual([]); // 5, 5 or 10 stand on neither 11 nor 9
    expect(offered(state, { type: "lay", row: 0, field: 0, dice: [5], wish: false })).toBe(true); // small number of 11 is 5
    expect(offered(state, { type: "lay", row: 0, field: 1, dice: [5], wish: false })).toBe(false); // small number of 9 is 4
  });

  it("action areas: stable, wish and sale with 1, 2 or 3; thief 4; overseer 5; steppe 6 (or a sum)", () => {
    let state = table(2, [1, 5, 2, 4, 6]);
    state = play(state, { type: "pick", dice: [1, 5] }).state;
    const areas = (dice: number[]) =>
      prompt(state)
        .options.filter((o) => o.type === "occupy" && o.dice.join() === dice.join() && !o.wish)
        .map((o) => (o.type === "occupy" ? o.area : ""))
        .sort();
    expect(areas([1])).toEqual(["sale", "stable", "wish"]);
    expect(areas([5])).toEqual(["overseer"]);
    expect(areas([1, 5])).toEqual(["steppe"]);
    state = play(state, { type: "occupy", area: "overseer", dice: [5], wish: false }).state;
    expect(state.players[0]!.areas.overseer).toBe(true);
    expect(state.players[0]!.gauchos).toBe(7);
  });

  it("an own field already occupied cannot be occupied again", () => {
    let state = table(2, [4, 4, 1, 1, 1]);
    putOnArea(state, 0, "thief");
    state = play(state, { type: "pick", dice: [4, 4] }).state;
    expect(offered(state, { type: "occupy", area: "thief", dice: [4], wish: false })).toBe(false);
    // Another player's thief field is their own and does not block seat 1.
    state = play(state, { type: "endTurn" }).state;
    state = play(state, { type: "pick", dice: [1, 1] }).state;
    expect(offered(state, { type: "occupy", area: "stable", dice: [1], wish: false })).toBe(true);
  });

  it("a gaucho just placed on an action field cannot be used in that turn", () => {
    let state = table(2, [1, 2, 3, 3, 3]);
    state = play(state, { type: "pick", dice: [1, 2] }, { type: "occupy", area: "wish", dice: [1], wish: false }).state;
    expect(offered(state, { type: "wish" })).toBe(false);
    expect(offered(state, { type: "recall", area: "wish" })).toBe(false);
    // Next turn it works.
    state = structuredClone(passTurn(play(state, { type: "endTurn" }).state).state); // engine states are frozen
    state.rodeo = [3, 3, 3, 3, 3];
    expect(state.active).toBe(1);
    state = passTurn(state).state;
    expect(state.active).toBe(0);
    expect(offered(state, { type: "wish" })).toBe(true);
  });

  it("a field whose action was used this turn cannot be re-occupied; another field can", () => {
    let state = table(2, [1, 2, 3, 3, 3]);
    putOnArea(state, 0, "wish");
    state = play(state, { type: "wish" }, { type: "pick", dice: [1, 2] }).state;
    expect(offered(state, { type: "occupy", area: "wish", dice: [1], wish: false })).toBe(false);
    expect(offered(state, { type: "occupy", area: "sale", dice: [1], wish: false })).toBe(true);
  });

  it("gauchos short: with none in supply, lying gauchos may be taken back from the pampa, and gauchos on action fields", () => {
    let state = table(2, [2, 2, 1, 1, 1]);
    setRow(state, 0, [tile("white", 4), tile("gold", 9)]);
    putGaucho(state, 0, 0, 0, false);
    putOnArea(state, 0, "sale");
    expect(offered(state, { type: "retrieve", row: 0, field: 0 })).toBe(false);
    // With a gaucho in supply, taking one back without its action would change nothing (RULINGS.recallWhenShort).
    expect(offered(state, { type: "recall", area: "sale" })).toBe(false);
    state.players[0]!.gauchos = 0;
    expect(offered(state, { type: "recall", area: "sale" })).toBe(true);
    state = play(state, { type: "pick", dice: [2, 2] }).state;
    expect(offered(state, { type: "stand", row: 0, field: 1, dice: [2, 2], wish: false })).toBe(false); // no gaucho to stand
    state = play(state, { type: "retrieve", row: 0, field: 0 }).state;
    expect(state.pampa[0]![0]!.gaucho).toBeNull();
    expect(state.players[0]!.gauchos).toBe(1);
    // The gaucho can be used at once.
    expect(offered(state, { type: "stand", row: 0, field: 0, dice: [2, 2], wish: false })).toBe(true);
  });

  it("a recalled gaucho's field cannot be re-occupied in the same turn", () => {
    let state = table(2, [1, 1, 1, 1, 1]);
    putOnArea(state, 0, "stable");
    state.players[0]!.gauchos = 0;
    state = play(state, { type: "recall", area: "stable" }, { type: "pick", dice: [1, 1] }).state;
    expect(state.players[0]!.areas.stable).toBe(false);
    expect(offered(state, { type: "occupy", area: "stable", dice: [1], wish: false })).toBe(false);
  });

  it("only the active seat may act; anything not offered is refused and leaves the state as it was", () => {
    const state = table(3, [1, 2, 3, 4, 5, 6, 6]);
    expect(errorCode(state, 1, { type: "pick", dice: [1, 2] })).toBe("NOT_YOUR_TURN");
    expect(errorCode(state, 0, { type: "pick", dice: [1, 1] })).toBe("ILLEGAL_ACTION");
    expect(errorCode(state, 0, { type: "fly" })).toBe("UNKNOWN_ACTION");
    expect(errorCode(state, 0, "pick")).toBe("MALFORMED_ACTION");
    expect(elGaucho.apply(state, 0, { type: "pick", dice: [1, 1] })).toMatchObject({ ok: false, error: { expected: "turn" } });
  });
});

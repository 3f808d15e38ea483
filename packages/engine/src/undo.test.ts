import { describe, expect, it } from "vitest";
import { type Prompt, defineGame } from "./index.ts";
import { rollInt, seedRng } from "./rng.ts";
import { undoBarrier } from "./undo.ts";

/**
 * A small game with every kind of step: a seat's turn is several "mark" steps (open), a "roll"
 * (randomness), a "peek" at a face-down pile fixed at setup (a reveal the game marks), and "end",
 * which passes the turn; "join" lets every seat answer at once; a total of 6 marks ends it.
 */
type State = { rng: number[]; pile: number[]; seen: number[]; marks: number; turn: number; joined: boolean[] };
type Action = { type: "mark" } | { type: "roll" } | { type: "peek" } | { type: "end" } | { type: "join" };
const game = defineGame<State, Action, {}, State>({
  id: "undo-probe",
  title: "Undo probe",
  minSeats: 2,
  maxSeats: 2,
  rulesVersion: "1",
  defaultOptions: {},
  actionTypes: ["mark", "roll", "peek", "end", "join"],
  parseOptions: () => ({}),
  setup(seed) {
    const holder = { rng: seedRng(seed) };
    const pile = [rollInt(holder, 1, 6), rollInt(holder, 1, 6)];
    return { rng: holder.rng, pile, seen: [], marks: 0, turn: 0, joined: [false, false] };
  },
  prompts(state): Prompt<Action>[] {
    if (state.marks >= 6) return [];
    if (state.joined.includes(false)) return state.joined.flatMap((j, seat) => (j ? [] : [{ seat, kind: "join", options: [{ type: "join" }] }]));
    const options: Action[] = [{ type: "mark" }, { type: "roll" }, { type: "end" }];
    if (state.pile.length > 0) options.push({ type: "peek" });
    return [{ seat: state.turn, kind: "turn", options }];
  },
  perform(draft, seat, action) {
    if (action.type === "join") draft.joined[seat] = true;
    if (action.type === "mark") draft.marks += 1;
    if (action.type === "roll") rollInt(draft, 1, 6);
    if (action.type === "peek") draft.seen.push(draft.pile.pop()!);
    if (action.type === "end") draft.turn = 1 - draft.turn;
    return [];
  },
  isOver: (state) => state.marks >= 6,
  scores: () => null,
  view: (state) => state,
  bot: (_view, prompt) => prompt.options[0]!,
  closesUndo: (before, after) => (after.pile.length < before.pile.length ? "reveal" : null),
});

function step(state: State, seat: number, action: Action) {
  const result = game.apply(state, seat, action);
  if (!result.ok) throw new Error(result.error.message);
  return { next: result.state, barrier: undoBarrier(game, state, result.state, seat) };
}

describe("undoBarrier", () => {
  const joinedBoth = (): State => {
    const first = step(game.setup("undo", 2), 0, { type: "join" });
    // Answering a decision several seats owe at once cannot be taken back; nor can the last answer.
    expect(first.barrier).toBe("handover");
    const second = step(first.next, 1, { type: "join" });
    expect(second.barrier).toBe("handover");
    return second.next;
  };

  it("keeps the window open for a plain decision within the turn", () => {
    const { next, barrier } = step(joinedBoth(), 0, { type: "mark" });
    expect(barrier).toBeNull();
    expect(step(next, 0, { type: "mark" }).barrier).toBeNull();
  });

  it("closes it when randomness is drawn, the turn passes, or something hidden is revealed", () => {
    const state = joinedBoth();
    expect(step(state, 0, { type: "roll" }).barrier).toBe("random");
    expect(step(state, 0, { type: "end" }).barrier).toBe("handover");
    // Peeking draws no randomness (the pile was fixed at setup): only the game's mark closes it.
    const peek = step(state, 0, { type: "peek" });
    expect(peek.next.rng).toEqual(state.rng);
    expect(peek.barrier).toBe("reveal");
  });

  it("closes it at the end of the game", () => {
    let state = joinedBoth();
    for (let i = 0; i < 5; i++) state = step(state, 0, { type: "mark" }).next;
    expect(step(state, 0, { type: "mark" }).barrier).toBe("over");
  });

  it("finds dice and turns without the game's help", () => {
    const { closesUndo: _ignored, ...withoutHook } = game;
    const state = joinedBoth();
    const roll = game.apply(state, 0, { type: "roll" });
    const peek = game.apply(state, 0, { type: "peek" });
    if (!roll.ok || !peek.ok) throw new Error("refused");
    expect(undoBarrier(withoutHook, state, roll.state, 0)).toBe("random");
    expect(undoBarrier(withoutHook, state, peek.state, 0)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { type Prompt, defineGame } from "./index.ts";
import { rollInt, seedRng } from "./rng.ts";
import { stepPreview, undoBarrier } from "./undo.ts";

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

describe("stepPreview", () => {
  it("tells a draw or reveal only as final, never whether what comes out ends the turn or the game", () => {
    // A variant where a 6 seen on the pile ends the game: the barrier of that peek is "over".
    const endsOnSix = { ...game, isOver: (state: State) => state.marks >= 6 || state.seen.includes(6) };
    const peekFrom = (seed: string) => {
      let state = game.setup(seed, 2);
      state = step(state, 0, { type: "join" }).next;
      state = step(state, 1, { type: "join" }).next;
      const peek = game.apply(state, 0, { type: "peek" });
      if (!peek.ok) throw new Error("refused");
      return { before: state, after: peek.state };
    };
    const seeds = Array.from({ length: 200 }, (_, i) => `preview-${i}`);
    const six = peekFrom(seeds.find((seed) => game.setup(seed, 2).pile.at(-1) === 6)!);
    const other = peekFrom(seeds.find((seed) => game.setup(seed, 2).pile.at(-1) !== 6)!);
    expect(undoBarrier(endsOnSix, six.before, six.after, 0)).toBe("over");
    expect(undoBarrier(endsOnSix, other.before, other.after, 0)).toBe("reveal");
    // Both previews are alike: the seat cannot tell beforehand which peek ends the game.
    expect(stepPreview(endsOnSix, six.before, six.after, 0)).toEqual({ final: true, endsTurn: false });
    expect(stepPreview(endsOnSix, other.before, other.after, 0)).toEqual({ final: true, endsTurn: false });
  });

  it("says a plain step is open, and a plain turn end or game end ends the turn", () => {
    let state = game.setup("preview", 2);
    state = step(state, 0, { type: "join" }).next;
    state = step(state, 1, { type: "join" }).next;
    const preview = (action: Action, from = state) => {
      const result = game.apply(from, 0, action);
      if (!result.ok) throw new Error("refused");
      return stepPreview(game, from, result.state, 0);
    };
    expect(preview({ type: "mark" })).toEqual({ final: false, endsTurn: false });
    expect(preview({ type: "end" })).toEqual({ final: true, endsTurn: true });
    expect(preview({ type: "roll" })).toEqual({ final: true, endsTurn: false });
    let five = state;
    for (let i = 0; i < 5; i++) five = step(five, 0, { type: "mark" }).next;
    expect(preview({ type: "mark" }, five)).toEqual({ final: true, endsTurn: true });
  });
});

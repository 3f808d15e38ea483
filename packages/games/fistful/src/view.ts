import { type Seat, deepFreeze } from "@saloon/engine";
import { currentPrompt } from "./rules.ts";
import { scoreBreakdown } from "./scoring.ts";
import type { FistfulState } from "./state.ts";

/**
 * What a seat or a spectator sees. In this game everything is public except the RNG, which
 * decides every draw and die roll: the bag is shown by counts only (it has no order to hide),
 * and the RNG state is dropped. Seats and spectators therefore receive the same projection.
 */
export type FistfulView = Omit<FistfulState, "rng"> & {
  viewer: Seat | null;
  /** Who owes a decision and which kind; the options themselves go only to that seat. */
  waitingFor: { seat: Seat; kind: string }[];
  /** The score so far, per seat, with its breakdown. */
  liveScores: { total: number; breakdown: Record<string, number> }[];
};

/** What every viewer of one state sees alike, computed once per state and frozen (shared by every view of it). */
interface SharedView {
  waitingFor: FistfulView["waitingFor"];
  liveScores: FistfulView["liveScores"];
}
/**
 * The last state's shared parts: a table builds all its views of one state in a row, so one entry
 * is enough, and unlike a WeakMap of every state it costs the garbage collector nothing.
 */
let last: { state: FistfulState; shared: SharedView } | null = null;

function sharedView(state: FistfulState): SharedView {
  if (last?.state === state) return last.shared;
  const prompt = currentPrompt(state);
  const shared: SharedView = {
    waitingFor: prompt ? [{ seat: prompt.seat, kind: prompt.kind }] : [],
    liveScores: state.players.map((_, seat) => {
      const breakdown = scoreBreakdown(state, seat);
      return { total: breakdown.gold + breakdown.bars + breakdown.signs, breakdown };
    }),
  };
  // Only engine states (frozen all the way down) are remembered: a hand-built position a test changes in place is read again.
  if (Object.isFrozen(state)) last = { state, shared: deepFreeze(shared) };
  return shared;
}

/**
 * The view shares the state's objects instead of copying them: engine states are frozen all the
 * way down (defineGame), so no holder of a view can write into the game (fixtures.test.ts tries).
 * The derived parts (who is waiting, the live scores) are the same for every viewer: made once
 * per state, frozen, and shared by the seats' and the spectators' views (a table builds a view
 * per seat and one for spectators after every move: issue #14).
 */
export function viewFor(state: FistfulState, viewer: Seat | null): FistfulView {
  const { waitingFor, liveScores } = sharedView(state);
  // Every key named, the RNG left out: spreading the frozen state and adding keys cost V8 several
  // times more (issue #14), and the view's type makes a new state key fail to compile until it is
  // listed here or hidden.
  return {
    seats: state.seats,
    players: state.players,
    locations: state.locations,
    signs: state.signs,
    spaces: state.spaces,
    bag: state.bag,
    jailDynamite: state.jailDynamite,
    explodedDynamite: state.explodedDynamite,
    graves: state.graves,
    boxed: state.boxed,
    bank: state.bank,
    active: state.active,
    turnsPlayed: state.turnsPlayed,
    turn: state.turn,
    step: state.step,
    endTrigger: state.endTrigger,
    viewer,
    waitingFor,
    liveScores,
  };
}

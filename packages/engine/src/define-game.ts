import type { ActionBase, ApplyResult, AutomaSeat, FinalScores, Game, LogEvent, Prompt, Random, Seat } from "./contract.ts";
import { GameRuleError } from "./contract.ts";
import { create } from "mutative";
import { copyJson, deepFreeze, freezeChanges, isBoundedJson, sameJson } from "./json.ts";

/**
 * What a game package writes. `defineGame` turns it into a `Game`, adding the parts every game
 * shares: seat-count checks, action validation against the prompts, copy-on-write states and
 * the default event filter. Rules code therefore only ever sees legal actions.
 */
export interface GameRules<S, A extends ActionBase, O, V> {
  id: string;
  title: string;
  minSeats: number;
  maxSeats: number;
  rulesVersion: string;
  defaultOptions: O;
  /** Every action type the game knows; anything else is UNKNOWN_ACTION. */
  actionTypes: readonly A["type"][];
  parseOptions(raw: unknown): O;
  setup(seed: string, seats: number, options: O): S;
  prompts(state: S): Prompt<A>[];
  /**
   * Carries out a legal action on `draft` and returns the log events. The draft is a copy-on-write
   * view of the state (mutative): change it freely; what is not changed stays shared with the
   * previous state, which never changes.
   */
  perform(draft: S, seat: Seat, action: A): LogEvent[];
  isOver(state: S): boolean;
  scores(state: S): FinalScores | null;
  view(state: S, viewer: Seat | null): V;
  viewEvent?(event: LogEvent, viewer: Seat | null): LogEvent | null;
  bot(view: V, prompt: Prompt<A>, random: Random): A;
  stats?(state: S, events: readonly LogEvent[]): Record<string, number>[];
  automaSeats?(seats: number, options: O): AutomaSeat[];
  closesUndo?(before: S, after: S, seat: Seat): "reveal" | "turn" | null;
}

/** Events marked `onlyFor` reach only those seats; everything else is public. */
export function defaultViewEvent(event: LogEvent, viewer: Seat | null): LogEvent | null {
  if (!event.onlyFor) return event;
  return viewer !== null && event.onlyFor.includes(viewer) ? event : null;
}

export function defineGame<S, A extends ActionBase, O, V>(rules: GameRules<S, A, O, V>): Game<S, A, O, V> {
  const knownTypes = new Set<string>(rules.actionTypes);
  // States known to be frozen all the way down: every state from setup, and every state apply
  // made from one of them. Their prompts never change, so they are found once per state: the
  // room, the simulator and apply itself each ask for them (three times per action in the
  // simulator), and in El Gaucho finding them is a search over dice combinations.
  const sealed = new WeakSet<object>();
  const promptCache = new WeakMap<object, Prompt<A>[]>();
  const promptsOf = (state: S): Prompt<A>[] => {
    if (!sealed.has(state as object)) return rules.prompts(state);
    let prompts = promptCache.get(state as object);
    if (!prompts) {
      // Frozen, since every caller gets the same objects.
      prompts = deepFreeze(rules.prompts(state));
      promptCache.set(state as object, prompts);
    }
    return prompts;
  };
  const fail = (code: Parameters<typeof error>[0], message: string, expected?: string): ApplyResult<S> => ({
    ok: false,
    error: error(code, message, expected),
  });

  return {
    id: rules.id,
    title: rules.title,
    minSeats: rules.minSeats,
    maxSeats: rules.maxSeats,
    rulesVersion: rules.rulesVersion,
    defaultOptions: rules.defaultOptions,
    parseOptions: rules.parseOptions,
    setup(seed, seats, options) {
      if (!Number.isInteger(seats) || seats < rules.minSeats || seats > rules.maxSeats) {
        throw new GameRuleError("BAD_SETUP", `${rules.title} takes ${rules.minSeats}–${rules.maxSeats} seats, not ${seats}`);
      }
      // Frozen from the start: every later state shares its unchanged parts with this one, and
      // views share them with callers, so no one may write into them (deepFreeze).
      const state = deepFreeze(rules.setup(seed, seats, options ?? rules.defaultOptions));
      sealed.add(state as object);
      return state;
    },
    prompts: promptsOf,
    isOver: rules.isOver,
    scores: rules.scores,
    view: rules.view,
    viewEvent: rules.viewEvent ?? defaultViewEvent,
    bot: rules.bot,
    ...(rules.stats ? { stats: rules.stats } : {}),
    ...(rules.automaSeats ? { automaSeats: rules.automaSeats } : {}),
    ...(rules.closesUndo ? { closesUndo: rules.closesUndo } : {}),
    apply(state, seat, action) {
      if (!isBoundedJson(action) || typeof action !== "object" || action === null || Array.isArray(action)) {
        return fail("MALFORMED_ACTION", "An action must be a small plain object");
      }
      const type = (action as { type?: unknown }).type;
      if (typeof type !== "string") return fail("MALFORMED_ACTION", "An action needs a string `type`");
      if (!knownTypes.has(type)) return fail("UNKNOWN_ACTION", `${rules.title} has no action "${type.slice(0, 40)}"`);
      if (rules.isOver(state)) return fail("GAME_OVER", "The game is over");
      const prompt = promptsOf(state).find((p) => p.seat === seat);
      if (!prompt) return fail("NOT_YOUR_TURN", `Seat ${seat} has no decision to make now`);
      const legal = prompt.options.find((option) => sameJson(option, action));
      if (!legal) return fail("ILLEGAL_ACTION", `That is not one of the options for "${prompt.kind}"`, prompt.kind);
      try {
        let events: LogEvent[] = [];
        // Copy-on-write (issue #14): only the objects the action changes are copied, the rest is
        // shared with `state`; a whole-state JSON copy per action was half the simulator's time.
        // The matched option, not the caller's object, is performed: nothing the caller added
        // survives. Events are copied while the draft lives: they may hold parts of it.
        const next = create(state, (draft) => {
          events = copyJson(rules.perform(draft as S, seat, copyJson(legal)));
        });
        freezeChanges(next, state);
        if (sealed.has(state as object)) sealed.add(next as object);
        return { ok: true, state: next as S, events };
      } catch (cause) {
        return fail("INTERNAL_ERROR", `The rules failed on a legal action: ${(cause as Error).message}`);
      }
    },
  };
}

function error(code: import("./contract.ts").GameErrorCode, message: string, expected?: string) {
  return expected === undefined ? { code, message } : { code, message, expected };
}

/** `parseOptions` for a game without table options: nothing (or `{}`) is accepted, anything else refused. */
export function noTableOptions(title: string): (raw: unknown) => Record<string, never> {
  return (raw) => {
    if (raw === undefined || raw === null) return {};
    if (typeof raw === "object" && !Array.isArray(raw) && Object.keys(raw).length === 0) return {};
    throw new GameRuleError("BAD_SETUP", `${title} has no table options`);
  };
}

import type { ActionBase, ApplyResult, AutomaSeat, BotMemory, FinalScores, Game, LogEvent, Prompt, Random, Seat } from "./contract.ts";
import { GameRuleError } from "./contract.ts";
import { create } from "mutative";
import { cloneJson, copyJson, deepFreeze, freezeChanges, isBoundedJson, sameJson } from "./json.ts";

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
  /**
   * Optional: a copy of the state for `perform` to change in place instead of a mutative draft,
   * whose proxies make every read and write cost several times a plain object's (issue #14: a
   * third of Fistful's simulator time). Typically a shallow copy of the top; what it shares with
   * `state` stays frozen, so `perform` copies what it writes into on the way down (`writable`)
   * and a write it forgot throws (INTERNAL_ERROR) instead of changing an earlier state. The new
   * objects are frozen afterwards (`deepFreeze`, which stops at the shared ones), so states stay
   * frozen all the way down.
   */
  thaw?(state: S): S;
  /**
   * Optional, with `thaw`: freezes `next` (the thawed copy `perform` wrote into) all the way down,
   * given that `previous` is frozen all the way down and `next` shares every part the action did
   * not write with it: a game that knows its state's fields compares each with `previous`'s and
   * freezes only what differs, where `deepFreeze` walks every field of the state and of each copy
   * asking each part whether it is frozen (a fifth of El Paso's `apply`; issue #14).
   */
  freezeNew?(next: S, previous: S): void;
  /**
   * Optional, with `thaw`: `perform` returns events it made itself, plain JSON that shares no
   * object with the state or the action, holds no undefined value and is not written after it
   * returns, so `apply` hands them out as they are instead of copying them (copyJson: 1.5 % of El
   * Paso's simulator; issue #14). A game that sets it tests that its events are so.
   */
  freshEvents?: boolean;
  /** See Game.wholeMembers. */
  wholeMembers?: readonly string[];
  isOver(state: S): boolean;
  scores(state: S): FinalScores | null;
  view(state: S, viewer: Seat | null): V;
  viewEvent?(event: LogEvent, viewer: Seat | null): LogEvent | null;
  bot(view: V, prompt: Prompt<A>, random: Random, memory?: BotMemory): A;
  stats?(state: S, events: readonly LogEvent[]): Record<string, number>[];
  automaSeats?(seats: number, options: O): AutomaSeat[];
  closesUndo?(before: S, after: S, seat: Seat): "reveal" | "turn" | null;
}

/** Events marked `onlyFor` reach only those seats; everything else is public. */
export function defaultViewEvent(event: LogEvent, viewer: Seat | null): LogEvent | null {
  if (!event.onlyFor) return event;
  return viewer !== null && event.onlyFor.includes(viewer) ? event : null;
}

/**
 * A base class whose constructor returns the object it is given: a subclass's private fields are
 * then added to that object (defineGame's seal of a state).
 */
class ItsArgument {
  constructor(target: object) {
    return target;
  }
}

export function defineGame<S, A extends ActionBase, O, V>(rules: GameRules<S, A, O, V>): Game<S, A, O, V> {
  const knownTypes = new Set<string>(rules.actionTypes);
  const thaw = rules.thaw;
  const freezeNew = rules.freezeNew;
  const freshEvents = rules.freshEvents === true;
  // States known to be frozen all the way down (sealed): every state from setup, and every state
  // apply made from one of them. Their prompts never change, so they are found once per state:
  // the room, the simulator and apply itself each ask for them (three times per action in the
  // simulator), and in El Gaucho finding them is a search over dice combinations. A sealed state
  // carries its prompts' holder in a private field of this game's own class, set before it is
  // frozen: JSON, key walks, spreads, structuredClone, mutative's copies and tests' equality never
  // see or copy it, so a copy of a state is never taken for sealed. (A WeakSet and a WeakMap of
  // states did the same; their entry per state cost the simulator 8–15 % in garbage collection.
  // A non-enumerable symbol property did too, but Object.defineProperty cost ~0.45 µs a state
  // against ~0.1 µs for the field, and every action's new state is sealed; issue #14.)
  type Seal = { prompts: Prompt<A>[] | null };
  class Sealed extends ItsArgument {
    #seal: Seal = { prompts: null };
    static of(state: object): Seal | undefined {
      return #seal in state ? (state as Sealed).#seal : undefined;
    }
  }
  const sealOf = (state: S): Seal | undefined => Sealed.of(state as object);
  /** Marks a state about to be frozen all the way down; throws if it carries a seal already. */
  const seal = (state: S): void => void new Sealed(state as object);
  const promptsOf = (state: S): Prompt<A>[] => {
    const holder = sealOf(state);
    if (!holder) return rules.prompts(state);
    // Frozen, since every caller gets the same objects.
    return (holder.prompts ??= deepFreeze(rules.prompts(state)));
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
      const state = rules.setup(seed, seats, options ?? rules.defaultOptions);
      seal(state);
      return deepFreeze(state);
    },
    prompts: promptsOf,
    isOver: rules.isOver,
    scores: rules.scores,
    view: rules.view,
    viewEvent: rules.viewEvent ?? defaultViewEvent,
    bot: rules.bot,
    ...(rules.stats ? { stats: rules.stats } : {}),
    ...(rules.automaSeats ? { automaSeats: rules.automaSeats } : {}),
    ...(rules.wholeMembers ? { wholeMembers: rules.wholeMembers } : {}),
    ...(rules.closesUndo ? { closesUndo: rules.closesUndo } : {}),
    apply(state, seat, action) {
      if (!isBoundedJson(action) || typeof action !== "object" || action === null || Array.isArray(action)) {
        return fail("MALFORMED_ACTION", "An action must be a small plain object");
      }
      const type = (action as { type?: unknown }).type;
      if (typeof type !== "string") return fail("MALFORMED_ACTION", "An action needs a string `type`");
      if (!knownTypes.has(type)) return fail("UNKNOWN_ACTION", `${rules.title} has no action "${type.slice(0, 40)}"`);
      if (rules.isOver(state)) return fail("GAME_OVER", "The game is over");
      const prompt = promptOf(promptsOf(state), seat);
      if (!prompt) return fail("NOT_YOUR_TURN", `Seat ${seat} has no decision to make now`);
      const legal = matchingOption(prompt.options, action);
      if (!legal) return fail("ILLEGAL_ACTION", `That is not one of the options for "${prompt.kind}"`, prompt.kind);
      try {
        // The matched option, not the caller's object, is performed: nothing the caller added
        // survives. Events are copied before the state is frozen: they may hold parts of it.
        let events: LogEvent[] = [];
        let next: S;
        if (thaw) {
          // The thaw shares everything below the top, so it must start from a state frozen all
          // the way down: a position a test built by hand is copied and frozen first, never written.
          const base = sealOf(state) ? state : deepFreeze(cloneJson(state));
          const draft = thaw(base);
          // An option of a cached prompt is frozen, so perform cannot change it: no copy needed.
          const made = rules.perform(draft, seat, Object.isFrozen(legal) ? legal : copyJson(legal));
          events = freshEvents ? made : copyJson(made);
          // What the action did not write is the frozen state before, so freezing stops there.
          seal(draft);
          if (freezeNew) {
            freezeNew(draft, base);
            next = draft;
          } else next = deepFreeze(draft);
        } else {
          // Copy-on-write (issue #14): only the objects the action changes are copied, the rest
          // is shared with `state`; a whole-state JSON copy per action was half the simulator's time.
          next = create(state, (draft) => {
            events = copyJson(rules.perform(draft as S, seat, copyJson(legal)));
          }) as S;
          // Sealed only when everything it shares is: what it made is frozen next.
          if (next !== state && sealOf(state)) seal(next);
          freezeChanges(next, state);
        }
        return { ok: true, state: next, events };
      } catch (cause) {
        return fail("INTERNAL_ERROR", `The rules failed on a legal action: ${(cause as Error).message}`);
      }
    },
  };
}

// Loops rather than find: the prompts and their options are frozen (cached per state, shared with
// every caller), and V8's array builtins take a slow path on frozen arrays (find ~8× in a
// microbenchmark on Node 20; issue #14). Every action applied goes through both.
function promptOf<A extends ActionBase>(prompts: readonly Prompt<A>[], seat: Seat): Prompt<A> | undefined {
  for (let i = 0; i < prompts.length; i++) if (prompts[i]!.seat === seat) return prompts[i];
  return undefined;
}

function matchingOption<A>(options: readonly A[], action: unknown): A | undefined {
  for (let i = 0; i < options.length; i++) if (sameJson(options[i], action)) return options[i];
  return undefined;
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

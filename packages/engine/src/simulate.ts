import type { ActionBase, BotMemory, Game, LogEvent, Random, Seat } from "./contract.ts";
import { createRandom } from "./rng.ts";

export interface LoggedAction {
  seat: Seat;
  action: ActionBase;
}

/** Picks an action for a seat; the default is the game's own bot. */
export type Chooser<S, A extends ActionBase, O, V> = (
  game: Game<S, A, O, V>,
  state: S,
  seat: Seat,
  random: Random,
  /** The seat's own, the same at each of its decisions in this game (BotMemory). */
  memory?: BotMemory,
) => A;

export const gameBot: Chooser<any, any, any, any> = (game, state, seat, random, memory) => {
  const prompt = game.prompts(state).find((p) => p.seat === seat);
  if (!prompt) throw new Error(`seat ${seat} has no prompt`);
  return game.bot(game.view(state, seat), prompt, random, memory);
};

/** Picks uniformly among the offered options: the baseline bots must beat. */
export const randomBot: Chooser<any, any, any, any> = (game, state, seat, random) => {
  const prompt = game.prompts(state).find((p) => p.seat === seat);
  if (!prompt) throw new Error(`seat ${seat} has no prompt`);
  return random.pick(prompt.options);
};

export interface PlayOutResult<S> {
  state: S;
  log: LoggedAction[];
  events: LogEvent[];
}

/**
 * Plays a game to the end with one chooser per seat. Throws if a chooser picks an action that
 * is not among its seat's options, if the rules reject an offered option, or if the game runs
 * past `maxActions` (a game that cannot end is a rules bug).
 */
export function playOut<S, A extends ActionBase, O, V>(
  game: Game<S, A, O, V>,
  config: {
    seed: string;
    seats: number;
    options?: O;
    choosers?: Chooser<S, A, O, V>[];
    botSeed?: string;
    maxActions?: number;
  },
): PlayOutResult<S> {
  const random = createRandom(config.botSeed ?? `bots:${config.seed}`);
  const choosers = config.choosers ?? Array.from({ length: config.seats }, () => gameBot as Chooser<S, A, O, V>);
  const maxActions = config.maxActions ?? 100_000;
  let state = game.setup(config.seed, config.seats, config.options);
  const memories: BotMemory[] = Array.from({ length: config.seats }, () => ({}));
  const log: LoggedAction[] = [];
  const events: LogEvent[] = [];
  while (!game.isOver(state)) {
    if (log.length >= maxActions) throw new Error(`${game.id} did not end within ${maxActions} actions (seed ${config.seed})`);
    const prompts = game.prompts(state);
    const prompt = prompts[0];
    if (!prompt) throw new Error(`${game.id} is not over but nobody owes a decision (seed ${config.seed})`);
    const chooser = choosers[prompt.seat];
    if (!chooser) throw new Error(`no chooser for seat ${prompt.seat}`);
    const action = chooser(game, state, prompt.seat, random, memories[prompt.seat]);
    // `apply` checks the action against the seat's options (ILLEGAL_ACTION), so it is not matched twice.
    const result = game.apply(state, prompt.seat, action);
    if (!result.ok && result.error.code === "ILLEGAL_ACTION") {
      throw new Error(`seat ${prompt.seat} chose ${JSON.stringify(action)}, not an option of "${prompt.kind}" (seed ${config.seed})`);
    }
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} (seed ${config.seed})`);
    state = result.state;
    log.push({ seat: prompt.seat, action });
    // A loop, not push(...events): the spread made an argument list per action (issue #14).
    for (let i = 0; i < result.events.length; i++) events.push(result.events[i]!);
  }
  return { state, log, events };
}

/** Rebuilds a game from its seed and action log with the same rules: the basis of replays. */
export function replay<S, A extends ActionBase, O, V>(
  game: Game<S, A, O, V>,
  seed: string,
  seats: number,
  options: O | undefined,
  log: readonly LoggedAction[],
): S {
  let state = game.setup(seed, seats, options);
  for (const [index, entry] of log.entries()) {
    const result = game.apply(state, entry.seat, entry.action);
    if (!result.ok) throw new Error(`replay failed at action ${index}: ${result.error.code} ${result.error.message}`);
    state = result.state;
  }
  return state;
}

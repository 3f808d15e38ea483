/**
 * Helpers for the rules tests of every game package (`@saloon/engine/testing`): drive a game
 * through its public contract — the prompt owed now, apply-or-throw, several actions in a row,
 * the error code of a refused action.
 */
import type { ActionBase, Game, GameErrorCode, LogEvent, Prompt, Seat } from "./contract.ts";

export interface Played<S> {
  state: S;
  events: LogEvent[];
}

export function gameDriver<S, A extends ActionBase>(game: Game<S, A, any, any>) {
  /** The one prompt owed now; throws when no seat or several seats owe one. */
  const prompt = (state: S): Prompt<A> => {
    const prompts = game.prompts(state);
    if (prompts.length !== 1) throw new Error(`expected exactly one prompt, got ${prompts.length}`);
    return prompts[0]!;
  };

  /** Applies one legal action; throws with the error code when the rules refuse it. */
  const act = (state: S, seat: Seat, action: A): Played<S> => {
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
    return { state: result.state, events: result.events };
  };

  /** Applies several actions in a row, each by the seat the current prompt asks; collects every event. */
  const play = (state: S, ...actions: A[]): Played<S> => {
    let current = state;
    const events: LogEvent[] = [];
    for (const action of actions) {
      const played = act(current, prompt(current).seat, action);
      current = played.state;
      events.push(...played.events);
    }
    return { state: current, events };
  };

  /** The error code `apply` answers with, or null when the action is accepted. */
  const errorCode = (state: S, seat: Seat, action: unknown): GameErrorCode | null => {
    const result = game.apply(state, seat, action);
    return result.ok ? null : result.error.code;
  };

  return { prompt, act, play, errorCode };
}

/** Events of one type, in order. */
export function eventsOf(events: LogEvent[], type: string): LogEvent[] {
  return events.filter((event) => event.type === type);
}

/**
 * The synced part of a game state: the game's views as JSON texts, one per top-level key, public
 * and per seat, written into the schema state touching only what changed (principle 6).
 */
import type { AnyGame } from "@saloon/engine";
import type { TableStateSchema } from "./table-state.ts";

/** The synced part of a game state: JSON texts per view key, public and per seat. */
export interface Projection {
  publicView: Record<string, string>;
  seats: { view: Record<string, string>; prompt: string }[];
}

/** One JSON text per top-level key of a view. */
export function viewTexts(view: unknown): Record<string, string> {
  if (!view || typeof view !== "object" || Array.isArray(view)) throw new Error("a game view must be a plain object");
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(view)) if (value !== undefined) texts[key] = JSON.stringify(value);
  return texts;
}

/** Makes `map` hold exactly `next`, touching only entries whose text changed so patches stay small. */
export function syncMap(map: Map<string, string>, next: Record<string, string>): void {
  for (const key of [...map.keys()]) if (!Object.hasOwn(next, key)) map.delete(key);
  for (const [key, text] of Object.entries(next)) if (map.get(key) !== text) map.set(key, text);
}

/**
 * What the synced state should hold for a game state: the public view for everyone and, per
 * seat, only the keys its own view shows differently, plus its prompt. Pure, so it can be
 * computed before anything is committed. `onHiddenKey` hears of a seat whose view lacks a key
 * of the public view: a seat's view is read as public keys overridden by private ones, so that
 * cannot be expressed (clients would still see the public value); games must not do it.
 */
export function project(game: AnyGame, gameState: unknown, seatCount: number, playing: boolean, onHiddenKey: (seat: number) => void): Projection {
  const publicView = viewTexts(game.view(gameState, null));
  const prompts = playing ? game.prompts(gameState) : [];
  const seats = Array.from({ length: seatCount }, (_, seat) => {
    const own = viewTexts(game.view(gameState, seat));
    const view: Record<string, string> = {};
    for (const [key, text] of Object.entries(own)) if (publicView[key] !== text) view[key] = text;
    if (Object.keys(publicView).some((key) => !Object.hasOwn(own, key))) onHiddenKey(seat);
    const prompt = prompts.find((p) => p.seat === seat);
    return { view, prompt: prompt ? JSON.stringify(prompt) : "" };
  });
  return { publicView, seats };
}

/** Writes a projection into the synced state, touching only what changed. */
export function writeProjection(state: TableStateSchema, projection: Projection): void {
  syncMap(state.view, projection.publicView);
  for (const [index, seat] of state.seats.entries()) {
    const secret = seat.secret!;
    const mine = projection.seats[index]!;
    syncMap(secret.view, mine.view);
    if (secret.prompt !== mine.prompt) secret.prompt = mine.prompt;
  }
}

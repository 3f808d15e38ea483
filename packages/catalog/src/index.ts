import type { AnyGame } from "@saloon/engine";
import { fistful } from "@saloon/fistful";

/** Every game the site hosts, by id. Registering a game is one line here. */
export const games: Record<string, AnyGame> = {
  [fistful.id]: fistful,
};

export function findGame(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

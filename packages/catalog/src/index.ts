import type { AnyGame } from "@saloon/engine";
import { elGaucho } from "@saloon/el-gaucho";
import { elPaso } from "@saloon/el-paso";
import { fistful } from "@saloon/fistful";

/** Every game the site hosts at its tables, by id. Registering a game is one line here. */
export const games: Record<string, AnyGame> = {
  [fistful.id]: fistful,
  [elGaucho.id]: elGaucho,
};

/**
 * Games whose rules exist but which have no table in the web client yet: the simulator and
 * tests can play them, the server does not offer them. A game moves up to `games` with its renderer.
 */
export const rulesOnlyGames: Record<string, AnyGame> = {
  [elPaso.id]: elPaso,
};

export function findGame(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

/** Any game with rules, hosted or not (the simulator's list). */
export function findAnyGame(id: string): AnyGame | undefined {
  return findGame(id) ?? (Object.hasOwn(rulesOnlyGames, id) ? rulesOnlyGames[id] : undefined);
}

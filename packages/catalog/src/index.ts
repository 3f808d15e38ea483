import type { AnyGame } from "@saloon/engine";
import { elGaucho } from "@saloon/el-gaucho";
import { elPaso } from "@saloon/el-paso";
import { fistful } from "@saloon/fistful";

/** Every game the site hosts at its tables, by id. Registering a game is one line here. */
export const games: Record<string, AnyGame> = {
  [fistful.id]: fistful,
  [elGaucho.id]: elGaucho,
  [elPaso.id]: elPaso,
};

export function findGame(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

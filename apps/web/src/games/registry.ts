/** Game renderers by game id; unknown games fall back to a plain list of options. */
import { elGauchoClient } from "./el-gaucho/index.ts";
import { elPasoClient } from "./el-paso/index.ts";
import { fistfulClient } from "./fistful/index.ts";
import { genericClient } from "./generic/index.ts";
import type { GameClient } from "./types.ts";

const CLIENTS: Record<string, GameClient<never>> = {
  [fistfulClient.id]: fistfulClient as GameClient<never>,
  [elGauchoClient.id]: elGauchoClient as GameClient<never>,
  [elPasoClient.id]: elPasoClient as GameClient<never>,
};

export function clientFor(gameId: string): GameClient<unknown> {
  return (CLIENTS[gameId] ?? genericClient) as GameClient<unknown>;
}

/** A game's display name for lists (history rows), or its id when this client has no renderer for it. */
export function gameTitle(gameId: string): string {
  return CLIENTS[gameId]?.title ?? gameId;
}

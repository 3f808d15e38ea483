/** The renderer of the game a page shows, loaded once the page knows which game it is. */
import { m } from "../paraglide/messages.js";
import { loadClient } from "./registry.ts";
import type { GameClient } from "./types.ts";

export class LoadedClient {
  /** Null until the game's chunk has arrived. */
  client = $state.raw<GameClient<unknown> | null>(null);
  /** Why the chunk could not be loaded (the network went away, a stale deploy), else "". */
  failure = $state("");
  #gameId = "";

  /** Starts loading `gameId`'s renderer; asking again for the same game does nothing. */
  want(gameId: string): void {
    if (!gameId || gameId === this.#gameId) return;
    this.#gameId = gameId;
    this.client = null;
    this.failure = "";
    loadClient(gameId).then(
      (client) => {
        if (this.#gameId === gameId) this.client = client;
      },
      (error: unknown) => {
        if (this.#gameId !== gameId) return;
        this.#gameId = "";
        this.failure = m.table_board_failed({ reason: error instanceof Error ? error.message : String(error) });
      },
    );
  }
}

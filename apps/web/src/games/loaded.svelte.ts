/** The renderer of the game a page shows, loaded once the page knows which game it is. */
import { m } from "../paraglide/messages.js";
import { loadClient } from "./registry.ts";
import type { GameClient } from "./types.ts";

export class LoadedClient {
  /** Null until the game's chunk has arrived. */
  client = $state.raw<GameClient<unknown> | null>(null);
  /** The loader's own words when the chunk could not be loaded (the network went away, a stale deploy), else "". */
  #reason = $state("");
  /** Why the board could not be loaded, in the reader's language (worded on each read, so a language switch reaches it), else "". */
  get failure(): string {
    return this.#reason && m.table_board_failed({ reason: this.#reason });
  }
  #gameId = "";

  /** Starts loading `gameId`'s renderer; asking again for the same game does nothing. */
  want(gameId: string): void {
    if (!gameId || gameId === this.#gameId) return;
    this.#gameId = gameId;
    this.client = null;
    this.#reason = "";
    loadClient(gameId).then(
      (client) => {
        if (this.#gameId === gameId) this.client = client;
      },
      (error: unknown) => {
        if (this.#gameId !== gameId) return;
        this.#gameId = "";
        this.#reason = error instanceof Error ? error.message : String(error);
      },
    );
  }
}

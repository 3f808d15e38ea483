/**
 * The games this client knows, by id. The lobby and the history need only a game's name and
 * rules version; its board, wording and rules load when a table or a replay of it opens (one
 * chunk per game, measured by `pnpm bench:bundle`). Unknown games fall back to a plain list of
 * options. registry.test.ts checks that each entry matches the module it loads.
 */
import type { Component } from "svelte";
import type { GameHelp } from "../help/types.ts";
import type { GameClient } from "./types.ts";

export interface GameEntry {
  id: string;
  /** A display name for lists (lobby, history) before the game's own module is loaded. */
  title: string;
  /** The rules version of the game's package, so the history marks old matches without loading the rules. */
  rulesVersion: string;
  load: () => Promise<GameClient<never>>;
  /** The game's own table options form for the lobby, if it has one (see GameClient.TableOptions). */
  tableOptions?: () => Promise<Component<{ options?: Record<string, unknown> }>>;
  /** The game's "How to play" (rules, player aid, rulings): its own chunk, loaded when asked for. */
  help?: () => Promise<GameHelp>;
}

const GAMES: GameEntry[] = [
  {
    id: "fistful",
    title: "A Fistful of Meeples",
    rulesVersion: "2",
    load: () => import("./fistful/index.ts").then((m) => m.fistfulClient as GameClient<never>),
    help: () => import("./fistful/help/index.ts").then((m) => m.fistfulHelp),
  },
  {
    id: "el-gaucho",
    title: "El Gaucho",
    rulesVersion: "2",
    load: () => import("./el-gaucho/index.ts").then((m) => m.elGauchoClient as GameClient<never>),
    help: () => import("./el-gaucho/help/index.ts").then((m) => m.elGauchoHelp),
  },
  {
    id: "el-paso",
    title: "Great Western Trail: El Paso",
    rulesVersion: "2",
    load: () => import("./el-paso/index.ts").then((m) => m.elPasoClient as GameClient<never>),
    help: () => import("./el-paso/help/index.ts").then((m) => m.elPasoHelp),
    tableOptions: () => import("./el-paso/TableOptions.svelte").then((m) => m.default),
  },
];

const ENTRIES = new Map(GAMES.map((entry) => [entry.id, entry]));

export function gameEntries(): readonly GameEntry[] {
  return GAMES;
}

export function gameEntry(gameId: string): GameEntry | undefined {
  return ENTRIES.get(gameId);
}

/** A game's display name for lists (history rows), or its id when this client has no renderer for it. */
export function gameTitle(gameId: string): string {
  return ENTRIES.get(gameId)?.title ?? gameId;
}

const loading = new Map<string, Promise<GameClient<unknown>>>();

/**
 * The game's renderer, loaded once per page life. A chunk that fails to load (the network went
 * away) is not remembered, so the next table of that game tries again.
 */
export function loadClient(gameId: string): Promise<GameClient<unknown>> {
  let client = loading.get(gameId);
  if (!client) {
    const entry = ENTRIES.get(gameId);
    client = (entry ? entry.load() : import("./generic/index.ts").then((m) => m.genericClient)) as Promise<GameClient<unknown>>;
    client.catch(() => loading.delete(gameId));
    loading.set(gameId, client);
  }
  return client;
}

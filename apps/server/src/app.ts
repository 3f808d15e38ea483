/**
 * Builds a Saloon server: Colyseus over Express with the lobby and the generic table room.
 * main.ts builds one from the environment; tests build one with test settings and games.
 */
import { LobbyRoom, type Server, defineRoom, defineServer } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { MatchStore } from "@saloon/db";
import type { AnyGame } from "@saloon/engine";
import { LOBBY_ROOM, TABLE_ROOM } from "@saloon/protocol";
import type { Logger } from "pino";
import { WebSocket as NodeWebSocket } from "ws";
import { mountHttp } from "./http.ts";
import type { RateLimit } from "./rate-limit.ts";
import { type TableSettings, tableRoomWith } from "./table-room.ts";

// @colyseus/core 0.18 checks `client.readyState !== WebSocket.OPEN` against the global
// WebSocket when a dropped client reconnects. Node 22 has that global; on Node 20 the check
// throws and every reconnection is refused. The ws class (the transport's own) fills the gap.
if (typeof globalThis.WebSocket === "undefined") {
  (globalThis as { WebSocket?: unknown }).WebSocket = NodeWebSocket;
}

export interface SaloonServerConfig {
  /** The games tables may host, by id (normally the catalog's `games`). */
  games: Readonly<Record<string, AnyGame>>;
  /** Server bots wait this long before each move (ms). */
  botDelayMs: number;
  /** Per-client message budget. */
  rateLimit?: RateLimit;
  logger: Logger;
  /** The built web client to serve, if any. */
  webDist?: string | undefined;
  /** Seconds a dropped player's connection may come back (default 30). */
  reconnectSeconds?: number;
  /** Spectators allowed per table on top of its seats (default 50). */
  spectatorLimit?: number;
  /** Room patch interval in ms (default 50). */
  patchRateMs?: number;
  /** Largest WebSocket frame accepted; bigger ones close the connection (default 16 KiB). */
  maxFrameBytes?: number;
  /** The match store: every table is recorded there, and the history API reads it. */
  store: MatchStore;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 10, burst: 20 };

export function createSaloonServer(config: SaloonServerConfig): Server {
  const settings: TableSettings = {
    games: config.games,
    botDelayMs: config.botDelayMs,
    rateLimit: config.rateLimit ?? DEFAULT_RATE_LIMIT,
    logger: config.logger,
    reconnectSeconds: config.reconnectSeconds ?? 30,
    spectatorLimit: config.spectatorLimit ?? 50,
    patchRateMs: config.patchRateMs ?? 50,
    store: config.store,
  };
  return defineServer({
    // Always explicit: the implicit default-transport loader breaks under ESM (tech-stack P3).
    transport: new WebSocketTransport({ maxPayload: config.maxFrameBytes ?? 16 * 1024 }),
    logger: config.logger.child({ component: "colyseus" }),
    greet: false,
    // main.ts handles SIGTERM/SIGINT itself so the shutdown is logged; tests shut down through @colyseus/testing.
    gracefullyShutdown: false,
    rooms: {
      [LOBBY_ROOM]: defineRoom(LobbyRoom),
      [TABLE_ROOM]: defineRoom(tableRoomWith(settings)).enableRealtimeListing(),
    },
    express: (app) => {
      mountHttp(app, { games: config.games, logger: config.logger, webDist: config.webDist, store: config.store });
    },
  });
}

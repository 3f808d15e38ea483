/**
 * Builds a Saloon server: Colyseus over Express with the lobby and the generic table room.
 * main.ts builds one from the environment; tests build one with test settings and games.
 */
import { type Server, defineRoom, defineServer, matchMaker } from "@colyseus/core";
import { ActionWriter, type ActionWriterOptions, type MatchStore, type ResumableMatch } from "@saloon/db";
import type { AnyGame } from "@saloon/engine";
import { LOBBY_ROOM, TABLE_ROOM } from "@saloon/protocol";
import type { Logger } from "pino";
import { WebSocket as NodeWebSocket } from "ws";
import { type BudgetLimits, Budgets, DEFAULT_BUDGETS } from "./budgets.ts";
import { colyseusLogger } from "./colyseus-logger.ts";
import { mountHttp } from "./http.ts";
import { guardHttp } from "./http-guard.ts";
import { lobbyRoomWith } from "./lobby-room.ts";
import { answerMatchmaking } from "./matchmake-route.ts";
import type { RateLimit } from "./rate-limit.ts";
import { TableKeeper, untilTableArrives } from "./table-keeper.ts";
export { DEFAULT_REBUILD_SLICE_MS } from "./table-keeper.ts";
import { BotFailed, BotThinker } from "./bot-thinker.ts";
import { TableRoom, type TableSettings, tableRoomWith } from "./table-room.ts";
import { IndexedLocalDriver } from "./room-index.ts";
import type { RedisParts } from "./redis-parts.ts";
import { SaloonTransport } from "./transport.ts";
import { moveTiming } from "./move-timing.ts";

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
  /** Table messages per person (guest token); an address may send four times as many. */
  rateLimit?: RateLimit;
  /** Any other budget (matchmaking and table creation per address and person). */
  budgets?: Partial<BudgetLimits>;
  /** Behind one trusted reverse proxy: budgets follow the last X-Forwarded-For address, not the peer. */
  trustProxy?: boolean;
  logger: Logger;
  /** The built web client to serve, if any. */
  webDist?: string | undefined;
  /** Seconds a dropped player's connection may come back (default 30). */
  reconnectSeconds?: number;
  /** Spectators allowed per table, apart from its seats (default 50). */
  spectatorLimit?: number;
  /** Seconds a matchmaking reservation waits for its WebSocket connection (default 10). */
  seatReservationSeconds?: number;
  /** Largest WebSocket frame accepted; bigger ones close the connection (default 16 KiB). */
  maxFrameBytes?: number;
  /** The match store: every table is recorded there, and the history API reads it. */
  store: MatchStore;
  /** The database's `pg` pool (Database.pool), if it has one: accepted moves are written through it (ActionWriter). */
  pool?: ActionWriterOptions["pool"];
  /** How the pool's database is sent the insert of moves (ActionWriterOptions.statements: PostgreSQL "named", PGlite "executed"). */
  statements?: ActionWriterOptions["statements"];
  /**
   * Redis shared by several server processes (presence, matchmaking, the lobby): redis-parts.ts
   * `redisParts(url)`. Without it this process is the only one on its database, and at start it
   * rebuilds every running game.
   */
  redis?: RedisParts | undefined;
  /** host:port clients reach this process at; with Redis the SDK connects to the process holding a table. */
  publicAddress?: string | undefined;
  /** Table ownership timing (ms): lease length, renewal, and how often orphaned tables are looked for. */
  ownership?: { leaseMs: number; renewMs: number; scanMs: number };
  /** How long one turn of the event loop goes on rebuilding tables after a start, ms (table-keeper.ts; 0: one table per turn). */
  rebuildSliceMs?: number;
  /** Seconds an ended table stays open for those looking at it (default 60). */
  closingSeconds?: number;
  /** Group commit timing: longest wait before a batch goes out (ms, default 3). */
  flushMs?: number;
  /** The games whose bots decide in a thread of their own (bot-thinker.ts; default DEFAULT_BOT_THREAD_GAMES). */
  botThreadGames?: readonly string[];
}

/** El Paso's bot decides in up to tens of milliseconds; the others' in microseconds (bot-thinker.ts). */
export const DEFAULT_BOT_THREAD_GAMES: readonly string[] = ["el-paso"];

/** A Saloon server: Colyseus, plus the group commit and the keeper of running tables. */
export type SaloonServer = Server & {
  writer: ActionWriter;
  keeper: TableKeeper;
  /** The bots' thread (bot-thinker.ts): its answers' tally, for tests and the curious. */
  thinker: BotThinker;
  /** Closes every table (running games stay stored as running), writes what is queued, gives up the lease. */
  stop(): Promise<void>;
};

export const DEFAULT_OWNERSHIP = { leaseMs: 5000, renewMs: 1500, scanMs: 1000 };

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 10, burst: 20 };

export function createSaloonServer(config: SaloonServerConfig): SaloonServer {
  const messages = config.rateLimit ?? DEFAULT_RATE_LIMIT;
  const budgets = new Budgets({
    ...DEFAULT_BUDGETS,
    messages,
    messagesPerAddress: { perSecond: messages.perSecond * 4, burst: messages.burst * 4 },
    ...config.budgets,
  });
  const trustProxy = config.trustProxy ?? false;
  const transport = new SaloonTransport({ maxFrameBytes: config.maxFrameBytes ?? 16 * 1024, trustProxy });
  const httpServer = (transport as unknown as { server?: import("node:http").Server }).server;
  if (!httpServer) throw new Error("the WebSocket transport has no HTTP server to guard");
  // Matchmaking answered without better-call's web Request round trip (matchmake-route.ts); the
  // guard wraps it, so its budgets and limits still look at every request first.
  answerMatchmaking(httpServer, {
    transport,
    onError: (error) => config.logger.error({ err: error }, "a matchmaking request failed"),
  });
  guardHttp(httpServer, { budgets, trustProxy, logger: config.logger });
  // Only this process's own tables (TableOwnership) get their moves stored: a copy of a table
  // another process took over can accept nothing more.
  const writer = new ActionWriter(config.store.prisma, config.logger.child({ component: "writer" }), {
    flushMs: config.flushMs ?? 3,
    owner: () => matchMaker.processId,
    onBatch: (rows, roundTripMs, waitedMs) => moveTiming.batch(rows, roundTripMs, waitedMs),
    ...(config.pool ? { pool: config.pool, statements: config.statements ?? "unnamed" } : {}),
  });
  const recoveries = new Map<string, ResumableMatch>();
  const running = new Map<string, TableRoom>();
  const ownership = config.ownership ?? DEFAULT_OWNERSHIP;
  const keeper = new TableKeeper({
    store: config.store,
    recoveries,
    running,
    logger: config.logger,
    exclusive: !config.redis,
    ...ownership,
    address: config.publicAddress ?? "",
    ...(config.pool ? { pool: config.pool } : {}),
    ...(config.rebuildSliceMs === undefined ? {} : { rebuildSliceMs: config.rebuildSliceMs }),
  });
  const thinker = new BotThinker(new Set(config.botThreadGames ?? DEFAULT_BOT_THREAD_GAMES), (error) =>
    config.logger.error(
      { err: error },
      error instanceof BotFailed ? "a bot was stuck in its thread; that seat took its first option and the thread starts again" : "the bots' thread is down; bots decide on the main thread for a while",
    ),
  );
  const settings: TableSettings = {
    games: config.games,
    thinker,
    botDelayMs: config.botDelayMs,
    budgets,
    logger: config.logger,
    reconnectSeconds: config.reconnectSeconds ?? 30,
    spectatorLimit: config.spectatorLimit ?? 50,
    seatReservationSeconds: config.seatReservationSeconds ?? 10,
    store: config.store,
    writer,
    recoveries,
    running,
    closingSeconds: config.closingSeconds ?? 60,
  };
  // The SDK's way back with its reconnection token, to a table rebuilt since it was given (seat-return.ts).
  transport.seatReturns = async (request, address, stillOpen) => {
    const here = matchMaker.getLocalRoomById(request.roomId);
    if (here instanceof TableRoom && here.ownReconnection(request.sessionId, request.token)) return false;
    // Each try costs the server an HMAC per seat and may hold its connection while the table is
    // rebuilt: counted as a matchmaking request of the address before it waits, so an address can
    // hold no more connections waiting than its budget allows.
    if (!budgets.matchmake(address)) return false;
    await untilTableArrives(request.roomId);
    const room = matchMaker.getLocalRoomById(request.roomId);
    // Gone while it waited: no reservation that nobody would use (it would count against the table until it expired).
    if (!(room instanceof TableRoom) || !stillOpen() || room.ownReconnection(request.sessionId, request.token)) return false;
    return room.reserveReturn(request.sessionId, request.token);
  };
  const server = defineServer({
    // Always explicit: the implicit default-transport loader breaks under ESM (tech-stack P3).
    transport,
    logger: colyseusLogger(config.logger.child({ component: "colyseus" })),
    greet: false,
    // One process alone: the stock in-process driver, with its rooms also kept by id (room-index.ts).
    ...(config.redis ? { presence: config.redis.presence, driver: config.redis.driver } : { driver: new IndexedLocalDriver() }),
    ...(config.publicAddress ? { publicAddress: config.publicAddress } : {}),
    // main.ts handles SIGTERM/SIGINT itself so the shutdown is logged; tests shut down through @colyseus/testing.
    gracefullyShutdown: false,
    rooms: {
      [LOBBY_ROOM]: defineRoom(lobbyRoomWith({ logger: config.logger, maxMessagesPerSecond: 10 })),
      [TABLE_ROOM]: defineRoom(tableRoomWith(settings)).enableRealtimeListing(),
    },
    express: (app) => {
      mountHttp(app, { games: config.games, logger: config.logger, webDist: config.webDist, store: config.store });
    },
  });
  return Object.assign(server, {
    writer,
    keeper,
    thinker,
    async stop() {
      // Tables flush their accepted actions while disposing; running games stay "playing".
      await server.gracefullyShutdown(false);
      await writer.close();
      // Only now may another process (or the next start) take the running games over.
      await keeper.stop();
      await thinker.close();
    },
  });
}

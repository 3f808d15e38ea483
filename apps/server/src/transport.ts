/**
 * The WebSocket transport with two guarantees the stock one lacks: every connection knows the
 * address its budgets are charged to, and closing a connection can never throw. (`ws` throws
 * on a close reason over 123 bytes; Colyseus put the client's own message type in one, and the
 * throw took the whole process down: issue #9.)
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Writable } from "node:stream";
import type { Client } from "@colyseus/core";
import { WebSocketClient, WebSocketTransport } from "@colyseus/ws-transport";
import type { WebSocket } from "ws";
import { addressOf } from "./http-guard.ts";
import { monotonicFrom, monotonicMs, moveTrace } from "./move-trace.ts";
import { type Pingable, PingRounds } from "./ping-rounds.ts";
import { type ReturnRequest, asReservedJoin, returnRequestOf } from "./seat-return.ts";

/** WebSocket's limit for a close frame's reason, in UTF-8 bytes (RFC 6455 §5.5: 125 minus the code). */
const MAX_CLOSE_REASON_BYTES = 123;

export function clampCloseReason(reason: unknown): string | undefined {
  if (reason === undefined || reason === null) return undefined;
  let text = String(reason);
  if (Buffer.byteLength(text) <= MAX_CLOSE_REASON_BYTES) return text;
  while (Buffer.byteLength(text) > MAX_CLOSE_REASON_BYTES - 1) text = text.slice(0, -1);
  return `${text}…`.slice(0, MAX_CLOSE_REASON_BYTES);
}

const originalLeave = WebSocketClient.prototype.leave;
if (!(originalLeave as { saloonSafe?: boolean }).saloonSafe) {
  const safeLeave = function (this: WebSocketClient, code?: number, reason?: string): void {
    try {
      originalLeave.call(this, code, clampCloseReason(reason));
    } catch {
      // An invalid close code or a socket already gone: drop the connection without a handshake.
      (this.ref as WebSocket).terminate();
    }
  };
  (safeLeave as { saloonSafe?: boolean }).saloonSafe = true;
  WebSocketClient.prototype.leave = safeLeave;
}

const addresses = new WeakMap<object, string>();
/** Each WebSocket's TCP connection, from the upgrade request (ws keeps its own private). */
const connections = new WeakMap<object, Socket>();

/**
 * Runs `work` with the clients' TCP connections corked, so that whatever it sends each client
 * (a move's state patch and its log message) leaves in one write per connection, not one per
 * message: the writes were 7–9 % of the server's CPU under load (issue #14, docs/sync-journal.md).
 */
export function sendingTogether<T>(clients: Iterable<Client>, work: () => T): T {
  const sockets: (Socket | undefined)[] = [];
  for (const client of clients) sockets.push(connections.get((client as unknown as { ref: object }).ref));
  return whileCorked(sockets, work);
}

/**
 * Runs `work` with the open ones of `sockets` corked, uncorking them afterwards even if it
 * throws: an uncork missed would leave a connection silent for good.
 */
function whileCorked<T>(sockets: Iterable<Socket | undefined>, work: () => T): T {
  const corked: Socket[] = [];
  for (const socket of sockets) {
    if (!socket || socket.destroyed) continue;
    socket.cork();
    corked.push(socket);
  }
  try {
    return work();
  } finally {
    for (const socket of corked) socket.uncork();
  }
}

/** The address a room client connected from ("unknown" if the transport did not see it). */
export function connectionAddress(client: Client): string {
  return addresses.get((client as unknown as { ref: object }).ref) ?? "unknown";
}

/**
 * Whatever the server sends a client while handling one of its messages leaves in one write:
 * the join's acknowledgement is answered with the full state and the messages queued during
 * onJoin (seated, the log, the chat: Colyseus sends each on its own), four or five writes per
 * person coming back after a restart (bench:recovery), now one.
 */
function answerTogether(socket: WebSocket, connection: Socket): void {
  const emit = socket.emit;
  socket.emit = function corkedEmit(this: WebSocket, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "message") return emit.call(this, event, ...args);
    return whileCorked([connection], () => emit.call(this, event, ...args));
  } as WebSocket["emit"];
}

/**
 * `end()` of a stream that has finished (or was destroyed) does nothing but build a Node error
 * (ERR_STREAM_ALREADY_FINISHED, with its stack) and drop it when no callback is given. `ws`
 * ends each connection's frame receiver and TCP socket again when the peer's FIN and the socket's
 * close arrive after the close handshake ended them: ~30 µs for each of two or three such errors
 * per closed connection (bench:join's profile, docs/recovery.md). This skips exactly those calls
 * (no arguments, already ending and finished or destroyed, not corked: nothing else would happen).
 */
export function endOnce(stream: Writable): void {
  const end = stream.end;
  stream.end = function endUnlessFinished(this: Writable, ...args: unknown[]) {
    const state = (this as unknown as { _writableState?: { ending: boolean; errored: unknown; finished: boolean; destroyed: boolean; corked: number } })._writableState;
    if (args.length === 0 && state && (state.ending || state.errored) && (state.finished || state.destroyed) && !state.corked) return this;
    return (end as (...rest: unknown[]) => Writable).apply(this, args);
  } as Writable["end"];
}

/**
 * A connection that brought a reconnection token the table did not give out in this process:
 * resolves with whether its seat is now reserved for it (seat-return.ts; app.ts sets it).
 * `stillOpen` says whether the connection is still there: it may wait for its table to arrive,
 * and one that left meanwhile gets no reservation.
 */
export type SeatReturns = (request: ReturnRequest, address: string, stillOpen: () => boolean) => Promise<boolean>;

/** By WebSocket server: Colyseus calls onConnection as the server's listener, with the server as `this`. */
const seatReturnsByServer = new WeakMap<object, SeatReturns>();

export class SaloonTransport extends WebSocketTransport {
  private pingRounds: PingRounds<WebSocket & Pingable> | null = null;

  /** Set by app.ts once the tables' settings exist. */
  set seatReturns(returns: SeatReturns) {
    seatReturnsByServer.set(this.wss, returns);
  }

  /** pingIntervalMs: Colyseus's 3 s unless given (tests). */
  constructor(options: { maxFrameBytes: number; trustProxy: boolean; pingIntervalMs?: number }) {
    super({ maxPayload: options.maxFrameBytes, pingInterval: options.pingIntervalMs });
    // Before Colyseus's own listener, which may run a room's onJoin synchronously.
    this.wss.prependListener("connection", (socket: WebSocket, req: IncomingMessage) => {
      addresses.set(socket, addressOf(req, options.trustProxy));
      connections.set(socket, req.socket);
      answerTogether(socket, req.socket);
      endOnce(req.socket);
      const receiver = (socket as unknown as { _receiver?: Writable })._receiver;
      if (receiver) endOnce(receiver);
    });
  }

  /**
   * The SDK coming back with a reconnection token: a table rebuilt since it was given out (a
   * restart, a crash) reserves the token's seat for the session, and the connection goes on as
   * that reserved join (seat-return.ts). Anything else goes to Colyseus as it came. Called by the
   * WebSocket server's "connection" event: `this` is that server, not the transport.
   */
  protected override async onConnection(rawClient: WebSocket, req: IncomingMessage, upgrade?: unknown): Promise<void> {
    const seatReturns = seatReturnsByServer.get(this as unknown as object);
    const request = seatReturns ? returnRequestOf(req) : null;
    if (request && seatReturns) {
      let reserved = false;
      try {
        reserved = await seatReturns(request, addresses.get(rawClient) ?? "unknown", () => rawClient.readyState === rawClient.OPEN);
      } catch {
        reserved = false; // refused as Colyseus refuses an unknown token
      }
      if (reserved) asReservedJoin(req, request);
      // Gone while its table was being rebuilt: nothing to join (a reservation made expires by itself).
      if (rawClient.readyState !== rawClient.OPEN) return;
    }
    const own = WebSocketTransport.prototype as unknown as { onConnection: (raw: WebSocket, req: IncomingMessage, upgrade?: unknown) => Promise<void> };
    return own.onConnection(rawClient, req, upgrade);
  }

  /**
   * Colyseus's liveness check, spread over its interval (ping-rounds.ts): the same ping per
   * connection every interval and the same termination after missed pings, a thirtieth of the
   * connections at a time instead of all of them in one turn.
   */
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    if (this.pingRounds) return;
    const rounds = new PingRounds<WebSocket & Pingable>(pingInterval, pingMaxRetries, moveTrace ? (startedAt, pinged) => moveTrace!.span("ping", monotonicFrom(startedAt), monotonicMs(), pinged) : undefined);
    this.pingRounds = rounds;
    this.wss.on("connection", (socket: WebSocket & Pingable) => {
      rounds.add(socket);
      socket.once("close", () => rounds.remove(socket));
    });
    for (const socket of this.wss.clients) rounds.add(socket as WebSocket & Pingable);
    // Colyseus clears this interval when the server closes.
    this.pingInterval = rounds.start();
  }
}


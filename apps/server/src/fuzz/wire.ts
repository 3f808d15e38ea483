/**
 * A raw client for the fuzzer: matchmaking over plain HTTP and rooms over a bare WebSocket,
 * speaking just enough of Colyseus's wire protocol to join, send any frame at all, and read the
 * typed errors back. Each connection can come from its own loopback address (127.0.0.x), so
 * fuzzers spend their own address budgets, not the bystander game's.
 */
import { request } from "node:http";
import { Protocol } from "@colyseus/core";
import { decode, encode } from "@colyseus/schema";
import { pack, unpack } from "msgpackr";
import { WebSocket } from "ws";

export interface HttpAnswer {
  status: number;
  text: string;
  json: unknown;
}

/** One HTTP request from `localAddress`; never rejects on a refusal (only on a broken connection). */
export function httpCall(
  base: string,
  path: string,
  options: { method?: string; body?: string | Buffer; headers?: Record<string, string | number>; localAddress?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress, timeout: options.timeoutMs ?? 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = undefined;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${path.slice(0, 80)}`)));
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export interface SeatReservation {
  name: string;
  roomId: string;
  sessionId: string;
  processId: string;
}

/** POST /matchmake/<method>/<target> with a JSON body; the reservation, or the refusal as answered. */
export async function matchmake(
  base: string,
  method: string,
  target: string,
  body: unknown,
  localAddress?: string,
): Promise<{ reservation: SeatReservation | null; answer: HttpAnswer }> {
  const text = JSON.stringify(body) ?? "null";
  const answer = await httpCall(base, `/matchmake/${method}/${encodeURIComponent(target)}`, {
    method: "POST",
    body: text,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
    localAddress,
  });
  const json = answer.json as Partial<SeatReservation> | undefined;
  const reservation = answer.status === 200 && json?.sessionId && json.roomId && json.processId ? (json as SeatReservation) : null;
  return { reservation, answer };
}

export interface ReceivedMessage {
  type: string | number;
  payload: unknown;
}

/** One joined room connection: everything received is kept as decoded messages. */
export class RawConnection {
  readonly messages: ReceivedMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly socket: WebSocket,
    /** The room this connection joined. */
    readonly roomId: string,
  ) {
    socket.on("message", (data: Buffer) => this.receive(new Uint8Array(data)));
    socket.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.notify();
    });
    socket.on("error", () => {});
  }

  /** Connects a reservation and completes the join handshake (or resolves already closed). */
  static open(wsBase: string, reservation: SeatReservation, localAddress?: string, timeoutMs = 5000): Promise<RawConnection> {
    const url = `${wsBase}/${reservation.processId}/${reservation.roomId}?sessionId=${reservation.sessionId}`;
    const socket = new WebSocket(url, { localAddress, handshakeTimeout: timeoutMs });
    const connection = new RawConnection(socket, reservation.roomId);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate();
        resolve(connection);
      }, timeoutMs);
      socket.once("message", (data: Buffer) => {
        if (data[0] === Protocol.JOIN_ROOM) socket.send(Uint8Array.of(Protocol.JOIN_ROOM));
        clearTimeout(timer);
        resolve(connection);
      });
      socket.once("close", () => {
        clearTimeout(timer);
        resolve(connection);
      });
    });
  }

  get open(): boolean {
    return this.closed === null && this.socket.readyState === WebSocket.OPEN;
  }

  /** A room message as the SDK would frame it, with any payload msgpack can carry. */
  send(type: string | number, payload?: unknown): void {
    const header = new Uint8Array(8 + (typeof type === "string" ? Buffer.byteLength(type) : 0));
    header[0] = Protocol.ROOM_DATA;
    const it = { offset: 1 };
    if (typeof type === "string") encode.string(header, type, it);
    else encode.number(header, type, it);
    const body = payload === undefined ? new Uint8Array(0) : pack(payload);
    const frame = new Uint8Array(it.offset + body.byteLength);
    frame.set(header.subarray(0, it.offset), 0);
    frame.set(body, it.offset);
    this.sendRaw(frame);
  }

  sendRaw(frame: Uint8Array): void {
    if (this.open) this.socket.send(frame);
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
  }

  /** Resolves once `check` holds or the time is up (then with whatever it returns). */
  until<T>(check: () => T, timeoutMs: number): Promise<T> {
    return new Promise((resolve) => {
      const attempt = () => {
        const value = check();
        if (!value) return false;
        this.waiters.delete(attempt);
        clearTimeout(timer);
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(attempt);
        resolve(check());
      }, timeoutMs);
      if (!attempt()) this.waiters.add(attempt);
    });
  }

  private receive(frame: Uint8Array): void {
    if (frame[0] !== Protocol.ROOM_DATA) return;
    try {
      const it = { offset: 1 };
      const type = decode.stringCheck(frame as Buffer, it) ? decode.string(frame as Buffer, it) : decode.number(frame as Buffer, it);
      const payload = frame.byteLength > it.offset ? unpack(frame.subarray(it.offset)) : undefined;
      this.messages.push({ type, payload });
      this.notify();
    } catch {
      this.messages.push({ type: "undecodable", payload: null });
    }
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

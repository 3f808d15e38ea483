/**
 * The liveness check of every WebSocket connection, spread over its interval.
 *
 * Colyseus pings every connection of the process in one loop every 3 s and terminates one that
 * missed two pings in a row. At 1,000 tables with a spectator each that loop is 2,000 socket
 * writes in one turn of the event loop, and 2,000 pongs read back right after it: a move that
 * arrives then waits for the whole round (and the bench's clients, which all receive their
 * pings at once, stall likewise). Here every connection still gets one ping per interval and is
 * still terminated after the same number of unanswered pings, but the connections are dealt
 * into SLICES groups and one group is pinged every interval / SLICES ms.
 */

/** What a ping round needs of a connection (ws's WebSocket, with Colyseus's counter). */
export interface Pingable {
  /** Pings sent since the last pong (Colyseus's transport resets it on each pong). */
  pingCount: number;
  ping(callback: () => void): void;
  terminate(): void;
}

export const PING_SLICES = 30;

export class PingRounds<C extends Pingable> {
  private readonly slices: Set<C>[] = Array.from({ length: PING_SLICES }, () => new Set<C>());
  private readonly sliceOf = new Map<C, Set<C>>();
  private next = 0;
  private dealt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly maxMissed: number,
    /** Told of each slice's round: its start (performance.now()) and the connections pinged (for the trace). */
    private readonly onRound?: (startedAt: number, pinged: number) => void,
  ) {}

  /** Starts pinging (a slice every intervalMs / PING_SLICES ms); returns the interval, which stop() or clearInterval ends. */
  start(): NodeJS.Timeout {
    this.timer ??= setInterval(() => this.round(), Math.max(1, Math.round(this.intervalMs / PING_SLICES)));
    return this.timer;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A new connection: dealt to the next slice in turn, so slices stay the same size. */
  add(client: C): void {
    const slice = this.slices[this.dealt++ % PING_SLICES]!;
    slice.add(client);
    this.sliceOf.set(client, slice);
  }

  /** The connection closed. */
  remove(client: C): void {
    this.sliceOf.get(client)?.delete(client);
    this.sliceOf.delete(client);
  }

  /** One slice's turn: ping each connection, or terminate it when it missed too many. */
  round(): void {
    const startedAt = performance.now();
    const slice = this.slices[this.next]!;
    this.next = (this.next + 1) % PING_SLICES;
    let pinged = 0;
    for (const client of slice) {
      if (client.pingCount >= this.maxMissed) {
        this.remove(client);
        client.terminate();
        continue;
      }
      client.pingCount++;
      client.ping(noop);
      pinged++;
    }
    this.onRound?.(startedAt, pinged);
  }
}

function noop(): void {}

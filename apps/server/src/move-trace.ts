/**
 * A debug trace of moves and of the event loop's long turns (MOVE_TRACE_FILE; bench:load
 * --trace). The "load metrics" line splits a move's time inside the server into histograms per
 * second; what it cannot say is which single moves made the tail, nor what the server's thread
 * was doing then. This records, per person's move, when its message was read, when its commit
 * came back and when its patch went to the sockets, and beside them every turn of the event loop
 * that ran long, every GC pause and every WebSocket ping round, all on the machine's monotonic
 * clock (process.hrtime), which the bench's clients read too: a move is then split into its
 * parts on both sides of the socket (bench-load-trace.ts).
 * Off (null) unless MOVE_TRACE_FILE is set; the file is written when the process exits.
 */
import { writeFileSync } from "node:fs";
import { PerformanceObserver, performance } from "node:perf_hooks";

/** Milliseconds on the machine's monotonic clock: the same in every process of the machine. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
/** performance.now() and hrtime run on the same clock; only their origins differ. */
const performanceOffset = monotonicMs() - performance.now();
/** A performance.now() reading on the monotonic clock. */
export const monotonicFrom = (performanceMs: number): number => performanceMs + performanceOffset;

/** One person's accepted move at the server. */
export interface TracedMove {
  room: string;
  version: number;
  received: number;
  committed: number;
  sent: number;
}

/** Something that held the event loop: [start, end] on the monotonic clock. */
export interface TracedSpan {
  kind: "stall" | "gc" | "ping";
  start: number;
  end: number;
  /** ping: connections pinged. */
  count?: number;
}

export interface TraceFile {
  moves: TracedMove[];
  spans: TracedSpan[];
}

/** Turns of the event loop longer than this are written down (a probe timer's lateness). */
const STALL_MS = 8;
const PROBE_MS = 2;

class MoveTrace {
  readonly moves: TracedMove[] = [];
  readonly spans: TracedSpan[] = [];

  constructor(file: string) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) this.spans.push({ kind: "gc", start: monotonicFrom(entry.startTime), end: monotonicFrom(entry.startTime + entry.duration) });
    }).observe({ entryTypes: ["gc"] });
    let last = monotonicMs();
    setInterval(() => {
      const now = monotonicMs();
      if (now - last > PROBE_MS + STALL_MS) this.spans.push({ kind: "stall", start: last, end: now });
      last = now;
    }, PROBE_MS).unref();
    process.once("exit", () => writeFileSync(file, JSON.stringify({ moves: this.moves, spans: this.spans } satisfies TraceFile)));
  }

  move(room: string, version: number, received: number, committed: number, sent: number): void {
    this.moves.push({ room, version, received, committed, sent });
  }

  span(kind: TracedSpan["kind"], start: number, end: number, count?: number): void {
    this.spans.push({ kind, start, end, count });
  }
}

/** The process's trace, or null when MOVE_TRACE_FILE is not set (the usual case). */
export const moveTrace: MoveTrace | null = process.env.MOVE_TRACE_FILE ? new MoveTrace(process.env.MOVE_TRACE_FILE) : null;

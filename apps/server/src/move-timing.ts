/**
 * Where an accepted move's time goes inside the server, for the "load metrics" line (main.ts)
 * and bench:load: received → applied (the rules, the projection; the write is queued right
 * then) → commit answered (the group commit's wait and round trip) → patch handed to the
 * sockets. Issue #14's latency was not CPU (the server sat 60 % idle while p99 was 100+ ms):
 * these split what a move waits for, so an operator can tell a slow database from a long
 * event-loop turn from a slow client. Each figure is one histogram record (a few ns); the
 * histograms are read and cleared at each metrics line.
 */
import { PerformanceObserver, type RecordableHistogram, constants, createHistogram } from "node:perf_hooks";

/** Longest time a histogram holds: 10 minutes, in µs (a bound keeps each histogram small: ~0.35 MB without one). */
const LONGEST_US = 600_000_000;

/** One histogram in microseconds (perf_hooks records integers ≥ 1), to two significant digits. */
class Span {
  private histogram: RecordableHistogram = createHistogram({ lowest: 1, highest: LONGEST_US, figures: 2 });

  record(ms: number): void {
    this.histogram.record(Math.min(LONGEST_US, Math.max(1, Math.round(ms * 1000))));
  }

  /** p50, p99 and max in ms since the last read, then clears. */
  take(): { p50: number; p99: number; max: number; count: number } {
    const h = this.histogram;
    const ms = (us: number) => Math.round(us / 10) / 100;
    const figures = h.count === 0 ? { p50: 0, p99: 0, max: 0, count: 0 } : { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), count: h.count };
    h.reset();
    return figures;
  }
}

/** The stages of accepted moves, and the group commit's batches. */
class MoveTiming {
  /** Message (or bot's choice) → accepted, projected and its write queued: CPU of the rules and views. */
  readonly apply = new Span();
  /** Write queued → its commit answered: waiting for the batch to go out, then the round trip. */
  readonly commit = new Span();
  /** Commit answered → the patch handed to the sockets: the publish queue and the turn it runs in. */
  readonly publish = new Span();
  /** Message → patch handed to the sockets: the whole of the server's part of move→patch. */
  readonly total = new Span();
  /** One batch's statement, sent → answered (ms). */
  readonly roundTrip = new Span();
  /** The oldest row of a batch: queued → the batch went out. */
  readonly batchWait = new Span();
  private batches = 0;
  private rows = 0;
  private largest = 0;
  /** Garbage collection's pauses of the main thread: their sum, the young generation's part, and the longest (ms). */
  private gcMs = 0;
  private gcYoungMs = 0;
  private gcMaxMs = 0;
  private gcObserver: PerformanceObserver | null = null;

  /** Starts counting garbage collection's pauses (the metrics line does; tests need not). */
  watchGc(): void {
    this.gcObserver ??= new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        this.gcMs += entry.duration;
        if (((entry as { detail?: unknown }).detail as { kind?: number } | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MINOR) this.gcYoungMs += entry.duration;
        this.gcMaxMs = Math.max(this.gcMaxMs, entry.duration);
      }
    });
    this.gcObserver.observe({ entryTypes: ["gc"] });
  }

  /** The writer committed a batch of `rows` actions (ActionWriterOptions.onBatch). */
  batch(rows: number, roundTripMs: number, waitedMs: number): void {
    this.batches += 1;
    this.rows += rows;
    this.largest = Math.max(this.largest, rows);
    this.roundTrip.record(roundTripMs);
    this.batchWait.record(waitedMs);
  }

  /** The figures since the last call, flat for a log line (ms), then clears. */
  take(): Record<string, number> {
    const line: Record<string, number> = {};
    for (const [name, span] of [["apply", this.apply], ["commit", this.commit], ["publish", this.publish], ["move", this.total], ["batchRoundTrip", this.roundTrip], ["batchWait", this.batchWait]] as const) {
      const { p50, p99, max } = span.take();
      line[`${name}P50Ms`] = p50;
      line[`${name}P99Ms`] = p99;
      line[`${name}MaxMs`] = max;
    }
    line.batches = this.batches;
    line.batchRowsMean = this.batches ? Math.round((10 * this.rows) / this.batches) / 10 : 0;
    line.batchRowsMax = this.largest;
    line.gcMs = Math.round(this.gcMs * 10) / 10;
    line.gcYoungMs = Math.round(this.gcYoungMs * 10) / 10;
    line.gcMaxMs = Math.round(this.gcMaxMs * 10) / 10;
    this.gcMs = 0;
    this.gcYoungMs = 0;
    this.gcMaxMs = 0;
    this.batches = 0;
    this.rows = 0;
    this.largest = 0;
    return line;
  }
}

/** The process's one set: every table of the process adds to it. */
export const moveTiming = new MoveTiming();

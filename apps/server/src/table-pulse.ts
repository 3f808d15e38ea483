/**
 * A table without a tick (issue #14, docs/sync-journal.md): its state goes out when it changes, and its
 * timers fire when they are due, instead of every room waking 20 times a second.
 *
 * Colyseus sends patches on an interval per room (50 ms), and its room clock fires timers only
 * when that interval ticks. At 100 tables the idle ticks were ~2 % of the server's CPU, ~11 µs
 * each under load; at 1,000 tables they alone would cost ~20 % of a core. Here:
 * - a change to the synced state asks for one patch at the end of this turn of the event loop
 *   (`setImmediate`), however many changes the turn made; a move's publish sends its patch at
 *   once (`patchNow`), and then nothing is left for the end of the turn;
 * - the table's timers (bots' moves, grace periods, closing) are Node timers, one each; their
 *   work, once due, waits its turn in one queue for all tables (`dueWork`).
 */
import type { Room } from "@colyseus/core";

/**
 * Room.patchRate for "never": Colyseus treats null or 0 as "tick the clock 60 times a second
 * instead", and Node turns a longer delay into 1 ms, so the interval is the longest Node keeps
 * (about 24.8 days); every patch is sent by `TablePulse` before it could fire.
 */
export const NO_PATCH_INTERVAL = 2 ** 31 - 1;

/** A pending timer of the table's. */
export interface TableTimer {
  clear(): void;
}

/** What Colyseus's encoder keeps of the state's changes (schema 5's Root): read to hear of each change. */
interface ChangeQueue {
  enqueueChangeTree(...args: unknown[]): unknown;
}

/**
 * Work of due timers, every table's, run in turns of at most TURN_BUDGET_MS. Node runs in one
 * phase every timer that falls due while it runs them: at 1,000 tables the bots' timers made turns
 * of the event loop hundreds of ms long, during which no commit was answered, no move read and no
 * patch sent. Here a due timer only queues its work; the queue runs after the turn's I/O.
 */
const TURN_BUDGET_MS = 4;
const dueWork: { run: () => void; cancelled: boolean }[] = [];
let dueRuns: NodeJS.Immediate | null = null;

function runDueWork(): void {
  dueRuns = null;
  const until = performance.now() + TURN_BUDGET_MS;
  let done = 0;
  while (done < dueWork.length) {
    const entry = dueWork[done++]!;
    if (!entry.cancelled) entry.run();
    if (performance.now() >= until) break;
  }
  dueWork.splice(0, done);
  if (dueWork.length > 0) dueRuns = setImmediate(runDueWork);
}

export class TablePulse {
  private patchPending: NodeJS.Immediate | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly room: Room,
    /** A timer's work threw: the table decides (it closes itself, as for any fault outside the guarded paths). */
    private readonly onFault: (error: unknown) => void,
  ) {}

  /**
   * Listens to the state now set on the room: every change queued for encoding asks for a patch.
   * The encoder (and its queue) is made anew whenever the room's state is set, so call this after.
   */
  watch(): void {
    const queue = (this.room as unknown as { _serializer: { encoder: { root: ChangeQueue } } })._serializer.encoder.root;
    const enqueue = queue.enqueueChangeTree.bind(queue);
    queue.enqueueChangeTree = (...args: unknown[]) => {
      this.patchSoon();
      return enqueue(...args);
    };
  }

  /** One patch at the end of this turn of the event loop, for every change made until then. */
  patchSoon(): void {
    if (this.patchPending || this.stopped) return;
    this.patchPending = setImmediate(() => {
      this.patchPending = null;
      this.room.broadcastPatch();
    });
  }

  /** The patch now (a move's publish): what the end of the turn would have sent goes out already. */
  patchNow(): void {
    if (this.patchPending) {
      clearImmediate(this.patchPending);
      this.patchPending = null;
    }
    this.room.broadcastPatch();
  }

  /** Runs `work` once, `ms` from now, unless cleared or the table has stopped. */
  setTimeout(work: () => void, ms: number): TableTimer {
    if (this.stopped) return { clear: () => undefined };
    const entry = {
      cancelled: false,
      run: () => {
        if (this.stopped) return;
        try {
          work();
        } catch (error) {
          this.onFault(error);
        }
      },
    };
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      dueWork.push(entry);
      dueRuns ??= setImmediate(runDueWork);
    }, ms);
    this.timers.add(timer);
    return {
      clear: () => {
        entry.cancelled = true;
        clearTimeout(timer);
        this.timers.delete(timer);
      },
    };
  }

  /** The table is closing: no more timers, no more patches. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.patchPending) clearImmediate(this.patchPending);
    this.patchPending = null;
  }
}

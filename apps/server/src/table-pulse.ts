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
 * - the table's timers (bots' moves, grace periods, closing) wait in one queue for all tables,
 *   under one Node timer; their work, once due, waits its turn in another (`dueWork`).
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
const dueWork: PulseTimer[] = [];
let dueRuns: NodeJS.Immediate | null = null;

function runDueWork(): void {
  dueRuns = null;
  const until = performance.now() + TURN_BUDGET_MS;
  let done = 0;
  while (done < dueWork.length) {
    const timer = dueWork[done++]!;
    if (!timer.cancelled) timer.pulse.run(timer.work);
    if (performance.now() >= until) break;
  }
  dueWork.splice(0, done);
  if (dueWork.length > 0) dueRuns = setImmediate(runDueWork);
}

/** A table's timer: waiting in the queue below until due, then in `dueWork` until its turn. */
class PulseTimer implements TableTimer {
  cancelled = false;

  constructor(
    readonly due: number,
    /** Timers due at the same moment run in the order they were set. */
    readonly order: number,
    readonly pulse: TablePulse,
    readonly work: () => void,
  ) {}

  clear(): void {
    this.cancelled = true;
  }
}

/**
 * Every table's pending timers in one binary heap (earliest first) under one Node timer, set for
 * the earliest. A Node timer per table timer was about seven objects (its Timeout, its list when
 * its delay was new, closures, the table's set of them) living as long as the delay, about a
 * second for a bot's move: at 1,000 tables ~10 % of what was promoted out of the young
 * generation and then collected by a mark-compact (sampling heap profile, docs/sync-journal.md).
 * A cleared timer stays until due and is then dropped; a stopped table's are taken out at once.
 */
const waiting: PulseTimer[] = [];
/** The longest delay Node's setTimeout takes (2^31 − 1 ms); longer ones it makes 1 ms. */
const TIMEOUT_MAX = 2 ** 31 - 1;
let wake: NodeJS.Timeout | null = null;
let wakeAt = Number.POSITIVE_INFINITY;
let timersSet = 0;

const earlier = (a: PulseTimer, b: PulseTimer): boolean => a.due < b.due || (a.due === b.due && a.order < b.order);

function siftUp(place: number): void {
  const timer = waiting[place]!;
  while (place > 0) {
    const parent = (place - 1) >> 1;
    if (!earlier(timer, waiting[parent]!)) break;
    waiting[place] = waiting[parent]!;
    place = parent;
  }
  waiting[place] = timer;
}

function siftDown(place: number): void {
  const timer = waiting[place]!;
  const count = waiting.length;
  for (;;) {
    let child = 2 * place + 1;
    if (child >= count) break;
    if (child + 1 < count && earlier(waiting[child + 1]!, waiting[child]!)) child += 1;
    if (!earlier(waiting[child]!, timer)) break;
    waiting[place] = waiting[child]!;
    place = child;
  }
  waiting[place] = timer;
}

function takeEarliest(): PulseTimer {
  const first = waiting[0]!;
  const last = waiting.pop()!;
  if (waiting.length > 0) {
    waiting[0] = last;
    siftDown(0);
  }
  return first;
}

function enqueue(timer: PulseTimer): void {
  waiting.push(timer);
  siftUp(waiting.length - 1);
  if (timer.due < wakeAt) wakeFor(timer.due);
}

function wakeFor(at: number): void {
  if (wake) clearTimeout(wake);
  wakeAt = at;
  wake = setTimeout(fireDue, Math.max(0, at - performance.now()));
  // Cleared timers stay in the queue until due: they must not keep a process alive that has
  // nothing else to do (a server keeps itself alive by its listening socket).
  wake.unref();
}

function fireDue(): void {
  wake = null;
  wakeAt = Number.POSITIVE_INFINITY;
  // Node's clock counts whole milliseconds: a timer may fire up to one early by performance.now().
  const now = performance.now() + 1;
  while (waiting.length > 0 && waiting[0]!.due <= now) {
    const timer = takeEarliest();
    timer.pulse.pending -= 1;
    if (!timer.cancelled) dueWork.push(timer);
  }
  if (dueWork.length > 0) dueRuns ??= setImmediate(runDueWork);
  if (waiting.length > 0) wakeFor(waiting[0]!.due);
}

/** Takes a stopped table's timers out of the queue (they would only be dropped when due, holding the table until then). */
function dropTimersOf(pulse: TablePulse): void {
  let kept = 0;
  for (const timer of waiting) if (timer.pulse !== pulse) waiting[kept++] = timer;
  waiting.length = kept;
  for (let place = (kept >> 1) - 1; place >= 0; place--) siftDown(place);
  pulse.pending = 0;
  if (kept === 0 && wake) {
    clearTimeout(wake);
    wake = null;
    wakeAt = Number.POSITIVE_INFINITY;
  }
}

export class TablePulse {
  private patchPending: NodeJS.Immediate | null = null;
  /** This table's timers in the queue (cleared ones included, until due). */
  pending = 0;
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
    // As Node's setTimeout: a delay that is not a number from 1 to TIMEOUT_MAX is 1 ms. In one
    // queue for every table this matters more than it did: a NaN due time compares false with
    // everything, and at the heap's top it would have held every table's timers behind it.
    const delay = ms >= 1 && ms <= TIMEOUT_MAX ? ms : 1;
    const timer = new PulseTimer(performance.now() + delay, timersSet++, this, work);
    this.pending += 1;
    enqueue(timer);
    return timer;
  }

  /** A due timer's work, unless the table has stopped meanwhile; a fault goes to the table. */
  run(work: () => void): void {
    if (this.stopped) return;
    try {
      work();
    } catch (error) {
      this.onFault(error);
    }
  }

  /** The table is closing: no more timers, no more patches. */
  stop(): void {
    this.stopped = true;
    if (this.pending > 0) dropTimersOf(this);
    if (this.patchPending) clearImmediate(this.patchPending);
    this.patchPending = null;
  }
}

/**
 * A table's game log: every accepted action's events, in order, the older ones kept as JSON text
 * in chunks of EVENTS_PER_CHUNK.
 *
 * Why text: the log lives as long as the table and grows with every action. As objects it was,
 * at 1,000 Fistful tables a minute into their games, 105k of the live heap's 1.4M objects, the
 * second-largest part after the views' units, and every mark-compact walks all of them (the
 * full collections are what the slowest 1 % of moves wait for, docs/sync-journal.md). A chunk's
 * text is one object the collector does not look into. Why chunks: one text per event was worse
 * than the objects (220k strings at the same point: the rules' events are small and share their
 * parts). The log is read whole only when a client joins or a step is taken back, and then
 * parsed; the events an action has just added, which are sent to every client at once, are
 * still objects then, in the open chunk (or, now and then, in the chunk they have just filled).
 */
import type { LogEvent } from "@saloon/engine";

export const EVENTS_PER_CHUNK = 64;

export class EventLog {
  /** Full chunks, each the JSON of EVENTS_PER_CHUNK events. */
  private readonly sealed: string[] = [];
  /** The events after the sealed chunks, fewer than EVENTS_PER_CHUNK. */
  private open: LogEvent[] = [];

  get length(): number {
    return this.sealed.length * EVENTS_PER_CHUNK + this.open.length;
  }

  /** Adds `events` at the end of the log; returns where they start. */
  append(events: readonly LogEvent[]): number {
    const from = this.length;
    for (const event of events) {
      this.open.push(event);
      if (this.open.length === EVENTS_PER_CHUNK) {
        this.sealed.push(JSON.stringify(this.open));
        this.open = [];
      }
    }
    return from;
  }

  /** Calls `each` with every event from `from` on, in order, as the rules made it (JSON: the same value either way). */
  forEachFrom(from: number, each: (event: LogEvent) => void): void {
    const openFrom = this.sealed.length * EVENTS_PER_CHUNK;
    for (let chunk = Math.floor(from / EVENTS_PER_CHUNK); chunk < this.sealed.length; chunk++) {
      const events = JSON.parse(this.sealed[chunk]!) as LogEvent[];
      for (let place = Math.max(0, from - chunk * EVENTS_PER_CHUNK); place < events.length; place++) each(events[place]!);
    }
    for (let place = Math.max(0, from - openFrom); place < this.open.length; place++) each(this.open[place]!);
  }

  /** The whole log. */
  toArray(): LogEvent[] {
    const events: LogEvent[] = [];
    this.forEachFrom(0, (event) => events.push(event));
    return events;
  }

  /** Drops the events from `length` on (a step taken back). */
  truncate(length: number): void {
    if (length >= this.length) return;
    const openFrom = this.sealed.length * EVENTS_PER_CHUNK;
    if (length >= openFrom) {
      this.open.length = length - openFrom;
      return;
    }
    // Into a sealed chunk (a step that began in a chunk since filled): its first part is open again.
    const chunk = Math.floor(length / EVENTS_PER_CHUNK);
    const events = JSON.parse(this.sealed[chunk]!) as LogEvent[];
    this.sealed.length = chunk;
    this.open = events.slice(0, length - chunk * EVENTS_PER_CHUNK);
  }
}

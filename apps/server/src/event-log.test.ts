import type { LogEvent } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { EVENTS_PER_CHUNK, EventLog } from "./event-log.ts";

const event = (n: number): LogEvent => ({ type: "moved", seat: n % 4, to: { x: n, path: [n, n + 1] }, onlyFor: n % 3 === 0 ? [n % 4] : undefined });
const events = (from: number, count: number): LogEvent[] => Array.from({ length: count }, (_, i) => event(from + i));
/** What a client is sent: JSON, where an undefined field is no field. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function from(log: EventLog, start: number): LogEvent[] {
  const seen: LogEvent[] = [];
  log.forEachFrom(start, (e) => seen.push(e));
  return seen;
}

describe("a table's event log", () => {
  it("gives back every event from any place, across the chunks kept as text and the open one", () => {
    const log = new EventLog();
    const all: LogEvent[] = [];
    // Actions of 1 to 9 events: chunks fill in the middle of an action's events.
    for (let action = 0; all.length < 3 * EVENTS_PER_CHUNK + 10; action++) {
      const made = events(all.length, 1 + (action % 9));
      expect(log.append(made)).toBe(all.length);
      all.push(...made);
      expect(log.length).toBe(all.length);
    }
    for (const start of [0, 1, EVENTS_PER_CHUNK - 1, EVENTS_PER_CHUNK, 2 * EVENTS_PER_CHUNK + 5, all.length - 1, all.length]) {
      expect(asJson(from(log, start))).toEqual(asJson(all.slice(start)));
    }
    expect(asJson(log.toArray())).toEqual(asJson(all));
  });

  it("hands out the events of the open chunk as the very objects the rules made", () => {
    const log = new EventLog();
    log.append(events(0, EVENTS_PER_CHUNK));
    const latest = events(EVENTS_PER_CHUNK, 3);
    log.append(latest);
    const seen = from(log, EVENTS_PER_CHUNK);
    expect(seen).toHaveLength(3);
    seen.forEach((e, i) => expect(e).toBe(latest[i]));
  });

  it("drops the events of a step taken back, in the open chunk or back into a sealed one", () => {
    const log = new EventLog();
    const all = events(0, 2 * EVENTS_PER_CHUNK + 7);
    log.append(all);
    log.truncate(2 * EVENTS_PER_CHUNK + 3); // within the open chunk
    expect(asJson(log.toArray())).toEqual(asJson(all.slice(0, 2 * EVENTS_PER_CHUNK + 3)));
    log.truncate(EVENTS_PER_CHUNK + 10); // into the second chunk, sealed
    expect(log.length).toBe(EVENTS_PER_CHUNK + 10);
    expect(asJson(log.toArray())).toEqual(asJson(all.slice(0, EVENTS_PER_CHUNK + 10)));
    const note = { type: "tookBack", seat: 1 };
    expect(log.append([note])).toBe(EVENTS_PER_CHUNK + 10);
    expect(asJson(log.toArray())).toEqual(asJson([...all.slice(0, EVENTS_PER_CHUNK + 10), note]));
    // The chunk opened again fills and seals as before.
    log.append(events(500, EVENTS_PER_CHUNK));
    expect(log.length).toBe(2 * EVENTS_PER_CHUNK + 11);
    expect(asJson(from(log, EVENTS_PER_CHUNK + 10))).toEqual(asJson([note, ...events(500, EVENTS_PER_CHUNK)]));
    log.truncate(10_000); // beyond the end: nothing to drop
    expect(log.length).toBe(2 * EVENTS_PER_CHUNK + 11);
    log.truncate(0);
    expect(log.toArray()).toEqual([]);
  });

  it("keeps a sealed chunk as its events were when it filled, whatever happens to the objects later", () => {
    const log = new EventLog();
    const made = events(0, EVENTS_PER_CHUNK);
    log.append(made);
    (made[0]!.to as { x: number }).x = 999;
    expect(from(log, 0)[0]).toEqual(asJson(event(0)));
  });
});

import type { Room } from "@colyseus/core";
import { Encoder } from "@colyseus/schema";
import { describe, expect, it, vi } from "vitest";
import { TablePulse } from "./table-pulse.ts";
import { PrivateSeatSchema, SeatSchema, TableStateSchema } from "./table-state.ts";
import { countLoopTurns } from "./test-support.ts";

/** The end of this turn of the event loop, and of the next one (where a pending patch would have gone out). */
const turns = () => new Promise((done) => setImmediate(() => setImmediate(done)));

/**
 * Until `check` passes, however late the timers fire: the server's tests run beside the other
 * projects on two cores (scripts/test.mjs), where a fixed wait of a few ms ran out before the
 * timers it waited for had fired.
 */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 2 });

/** A room as TablePulse sees it, around the real schema encoder: each patch records whether it carried changes. */
function roomWith(state: InstanceType<typeof TableStateSchema>) {
  const encoder = new Encoder(state);
  encoder.discardChanges(); // what the first client's full state would have carried
  const patches: boolean[] = [];
  const room = {
    _serializer: { encoder },
    broadcastPatch() {
      patches.push(encoder.hasChanges);
      encoder.discardChanges();
      return true;
    },
  };
  return { room: room as unknown as Room, patches };
}

function tableState(): InstanceType<typeof TableStateSchema> {
  const state = new TableStateSchema();
  const seat = new SeatSchema();
  seat.secret = new PrivateSeatSchema();
  state.seats.push(seat);
  return state;
}

describe("a table without a tick", () => {
  it("sends one patch at the end of a turn that changed the state, and none while nothing changes", async () => {
    const state = tableState();
    const { room, patches } = roomWith(state);
    const pulse = new TablePulse(room, () => undefined);
    pulse.watch();
    await turns();
    expect(patches).toEqual([]);

    state.status = "playing";
    state.seats[0]!.connected = true;
    state.seats[0]!.secret!.view.set("/hand", '["c1"]');
    state.view.set("/round", "2");
    expect(patches).toEqual([]); // not yet: the turn may change more
    await turns();
    expect(patches).toEqual([true]);

    await turns();
    expect(patches).toEqual([true]);
    state.seats[0]!.awayUntil = 12345; // a grace period starting in a timer, say
    await turns();
    expect(patches).toEqual([true, true]);
  });

  it("a publish sends its patch at once, and nothing is left for the end of the turn", async () => {
    const state = tableState();
    const { room, patches } = roomWith(state);
    const pulse = new TablePulse(room, () => undefined);
    pulse.watch();
    state.version = 1;
    pulse.patchNow();
    expect(patches).toEqual([true]);
    await turns();
    expect(patches).toEqual([true]);
  });

  it("fires timers when due, not when cleared, none after the table stops; a throwing one goes to the table", async () => {
    const { room } = roomWith(tableState());
    const faults: unknown[] = [];
    const pulse = new TablePulse(room, (error) => faults.push(error));
    const fired: string[] = [];
    // Due long after the others, so that the look at them comes before it even on a loaded machine.
    const lateMs = 1000;
    const setAt = performance.now();
    pulse.setTimeout(() => fired.push("soon"), 5);
    const cleared = pulse.setTimeout(() => fired.push("cleared"), 5);
    pulse.setTimeout(() => {
      throw new Error("a bot's bug");
    }, 1);
    pulse.setTimeout(() => fired.push("after the fault"), 10);
    const late = pulse.setTimeout(() => fired.push("after the stop"), lateMs);
    cleared.clear();
    // Due work runs in due order: once the last of these has run, the cleared one would have too.
    await eventually(() => expect(fired).toContain("after the fault"));
    expect(fired).toEqual(["soon", "after the fault"]);
    expect(faults.map((error) => (error as Error).message)).toEqual(["a bot's bug"]);

    pulse.stop();
    pulse.setTimeout(() => fired.push("set after the stop"), 1);
    // Past the late timer's moment, and the turn its work would have waited for.
    await new Promise((done) => setTimeout(done, Math.max(0, setAt + lateMs + 40 - performance.now())));
    await turns();
    expect(fired).toEqual(["soon", "after the fault"]);
    late.clear(); // harmless once stopped
  });

  it("runs the work of many tables' due timers in short turns, in order, so the loop reads and answers between them", async () => {
    const tables = Array.from({ length: 40 }, () => new TablePulse(roomWith(tableState()).room, () => undefined));
    const ran: number[] = [];
    const turnOf: number[] = [];
    const loop = countLoopTurns();
    // Each table's timer is due at the same moment and its work takes 1 ms (a bot's move at a busy table).
    const timers = tables.map((pulse, i) =>
      pulse.setTimeout(() => {
        const until = performance.now() + 1;
        while (performance.now() < until);
        ran.push(i);
        turnOf.push(loop.turn);
      }, 5),
    );
    await new Promise((done) => setTimeout(done, 6));
    // Due already (its Node timer has fired) but not run yet: clearing it still stops it.
    timers[39]!.clear();
    await eventually(() => expect(ran.length).toBeGreaterThanOrEqual(39));
    // The cleared one is next in the queue: its turn comes within the next two.
    await turns();
    loop.stop();
    expect(ran).toEqual(Array.from({ length: 39 }, (_, i) => i));
    // Never all in one turn: at most a few milliseconds' worth share a turn of the event loop.
    const perTurn = new Map<number, number>();
    for (const t of turnOf) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(5);
    expect(perTurn.size).toBeGreaterThanOrEqual(8);
  });

  it("fires many tables' timers in due order, whatever order they were set in, and takes a stopped table's out at once", async () => {
    const tables = Array.from({ length: 6 }, () => new TablePulse(roomWith(tableState()).room, () => undefined));
    const fired: string[] = [];
    const expected: { name: string; due: number; order: number }[] = [];
    let order = 0;
    // Delays in an order unlike the one they fall due in, some equal.
    for (const delay of [30, 5, 60, 5, 45, 15, 30, 0, 75, 15, 5, 90]) {
      tables.forEach((pulse, table) => {
        const name = `t${table}@${delay}#${order}`;
        const timer = pulse.setTimeout(() => fired.push(name), delay) as unknown as { due: number };
        if (table !== 2) expected.push({ name, due: timer.due, order });
        order += 1;
      });
    }
    expect(tables[2]!.pending).toBe(12);
    tables[2]!.stop();
    expect(tables[2]!.pending).toBe(0);
    await eventually(() => expect(fired).toHaveLength(expected.length));
    expected.sort((a, b) => a.due - b.due || a.order - b.order);
    expect(fired).toEqual(expected.map((timer) => timer.name));
    expect(tables.map((pulse) => pulse.pending)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("takes a delay that is no number of milliseconds as Node does (1 ms), and holds no other table's timer behind it", async () => {
    const tables = Array.from({ length: 3 }, () => new TablePulse(roomWith(tableState()).room, () => undefined));
    const fired: string[] = [];
    tables[0]!.setTimeout(() => fired.push("NaN"), Number.NaN);
    tables[1]!.setTimeout(() => fired.push("undefined"), undefined as unknown as number);
    tables[2]!.setTimeout(() => fired.push("negative"), -50);
    tables[0]!.setTimeout(() => fired.push("10 ms"), 10);
    tables[1]!.setTimeout(() => fired.push("30 ms"), 30);
    await eventually(() => expect(fired).toHaveLength(5));
    expect(fired.slice(3)).toEqual(["10 ms", "30 ms"]);
  });
});

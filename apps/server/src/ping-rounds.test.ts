import { afterEach, describe, expect, it, vi } from "vitest";
import { PING_SLICES, PingRounds, type Pingable } from "./ping-rounds.ts";

/** A connection that answers its pings (or not) and counts them as Colyseus's transport does. */
function connection(answers = true) {
  const client = {
    pingCount: 0,
    pings: 0,
    terminated: false as boolean,
    ping: () => {
      client.pings += 1;
      if (answers) client.pingCount = 0; // the pong: Colyseus's heartbeat resets the count
    },
    terminate: () => {
      client.terminated = true;
    },
  } satisfies Pingable & { pings: number; terminated: boolean };
  return client;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("ping rounds spread over the interval", () => {
  it("pings every connection once per interval, never more than a slice's share in one turn", () => {
    vi.useFakeTimers();
    const pinged: number[] = [];
    const rounds = new PingRounds(3000, 2, (_at, count) => pinged.push(count));
    const clients = Array.from({ length: 2000 }, () => connection());
    for (const client of clients) rounds.add(client);
    rounds.start();
    vi.advanceTimersByTime(3000);
    rounds.stop();
    expect(pinged).toHaveLength(PING_SLICES);
    expect(Math.max(...pinged)).toBe(Math.ceil(2000 / PING_SLICES));
    expect(clients.every((client) => client.pings === 1)).toBe(true);
  });

  it("terminates a connection after the same unanswered pings as Colyseus (two), and forgets it", () => {
    const rounds = new PingRounds(3000, 2);
    const silent = connection(false);
    const alive = connection();
    rounds.add(silent);
    rounds.add(alive);
    const intervals = (n: number) => {
      for (let i = 0; i < n * PING_SLICES; i++) rounds.round();
    };
    intervals(2);
    expect(silent.pings).toBe(2);
    expect(silent.terminated).toBe(false);
    intervals(1);
    expect(silent.terminated).toBe(true);
    expect(alive.terminated).toBe(false);
    intervals(2);
    expect(silent.pings).toBe(2);
    expect(alive.pings).toBe(5);
  });

  it("stops pinging a connection once it is removed (closed)", () => {
    const rounds = new PingRounds(3000, 2);
    const gone = connection();
    rounds.add(gone);
    rounds.remove(gone);
    for (let i = 0; i < PING_SLICES; i++) rounds.round();
    expect(gone.pings).toBe(0);
  });
});

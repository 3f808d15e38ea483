import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import type { AddressInfo } from "node:net";
import { WebSocket } from "ws";
import { PING_SLICES } from "./ping-rounds.ts";
import { SaloonTransport, endOnce } from "./transport.ts";

/** A stream with endOnce around Node's own end(), and a spy on that end(). */
function sink() {
  const stream = new Writable({ write: (_chunk, _encoding, done) => done() });
  const nodeEnd = vi.spyOn(stream, "end");
  endOnce(stream);
  return { stream, nodeEnd };
}

describe("ending a connection's streams once", () => {
  it("ends a stream through Node's end(), and skips a second bare end() of a finished one (Node would only build an error and drop it)", async () => {
    const { stream, nodeEnd } = sink();
    const finished = new Promise((done) => stream.on("finish", done));
    stream.write("x");
    expect(stream.end()).toBe(stream);
    expect(nodeEnd).toHaveBeenCalledTimes(1);
    await finished;
    expect(stream.end()).toBe(stream);
    expect(nodeEnd).toHaveBeenCalledTimes(1);
  });

  it("leaves every other call to Node: a callback still hears that the stream had finished", async () => {
    const { stream, nodeEnd } = sink();
    stream.end();
    await new Promise((done) => stream.on("finish", done));
    const error = await new Promise<Error | null | undefined>((done) => stream.end(done));
    expect((error as NodeJS.ErrnoException | null)?.code).toBe("ERR_STREAM_ALREADY_FINISHED");
    expect(nodeEnd).toHaveBeenCalledTimes(2);
  });

  it("leaves a destroyed stream that was never ended to Node (it still ends)", () => {
    const { stream, nodeEnd } = sink();
    stream.destroy();
    stream.end();
    expect(nodeEnd).toHaveBeenCalledTimes(1);
    expect(stream.writableEnded).toBe(true);
  });
});

describe("the transport's liveness check", () => {
  it("pings each connection through the spread rounds (ping-rounds.ts) once per interval, and stops when the server closes", async () => {
    // An interval long enough that no round runs on its own during the test: the rounds are
    // driven by hand, so what is asserted does not depend on the machine's timers.
    const intervalMs = 1000 * PING_SLICES;
    const transport = new SaloonTransport({ maxFrameBytes: 1024, trustProxy: false, pingIntervalMs: intervalMs });
    const server = (transport as unknown as { server: import("node:http").Server }).server;
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as AddressInfo).port;
    // Not a room's address: Colyseus keeps such a socket for a second before it closes it.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/x`);
    const pings: number[] = [];
    socket.on("ping", () => pings.push(performance.now()));
    await new Promise((done) => socket.once("open", done));
    const rounds = (transport as unknown as { pingRounds: { round(): void } | null }).pingRounds;
    expect(rounds).not.toBeNull();
    const untilPings = async (count: number) => {
      for (let waited = 0; pings.length < count && waited < 500; waited += 5) await new Promise((done) => setTimeout(done, 5));
    };
    // Its slice's round pings it; the other slices' rounds of the interval do not; the next
    // interval's round of its slice pings it again (it answered the first).
    rounds!.round();
    await untilPings(1);
    expect(pings).toHaveLength(1);
    for (let i = 1; i < PING_SLICES; i++) rounds!.round();
    await new Promise((done) => setTimeout(done, 20));
    expect(pings).toHaveLength(1);
    rounds!.round();
    await untilPings(2);
    expect(pings).toHaveLength(2);
    socket.terminate();
    transport.shutdown();
    await new Promise((done) => server.once("close", done));
    expect((transport as unknown as { pingInterval: { _destroyed: boolean } }).pingInterval._destroyed).toBe(true);
  });
});

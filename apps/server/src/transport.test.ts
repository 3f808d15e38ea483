import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { freePort } from "./process-harness.ts";
import { SaloonTransport } from "./transport.ts";

/** A transport listening on a free port, counting the writes each server-side connection made. */
async function listening(): Promise<{ url: string; writes: number[]; transport: SaloonTransport }> {
  const transport = new SaloonTransport({ maxFrameBytes: 1024, trustProxy: false });
  const writes: number[] = [];
  const server = (transport as unknown as { server: import("node:http").Server }).server;
  server.prependListener("upgrade", (_req: IncomingMessage, socket: Socket) => {
    const index = writes.push(0) - 1;
    // What reaches the kernel: one call of _write or _writev per write(2).
    const internals = socket as unknown as { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };
    for (const name of ["_write", "_writev"] as const) {
      const original = internals[name];
      internals[name] = function (this: unknown, ...args: unknown[]) {
        writes[index]!++;
        return original.apply(this, args);
      };
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => transport.listen(port, "127.0.0.1", undefined, () => resolve()));
  return { url: `ws://127.0.0.1:${port}`, writes, transport };
}

let open: SaloonTransport | null = null;
afterEach(() => {
  open?.shutdown();
  open = null;
});

describe("the WebSocket handshake's answer", () => {
  it("leaves with the connection's first message, in one write", async () => {
    const { url, writes, transport } = await listening();
    open = transport;
    // No such room: Colyseus answers with an error message (its first message), then closes.
    const client = new WebSocket(`${url}/process/NoSuchRoom?sessionId=abc`);
    const received: Buffer[] = [];
    client.on("message", (data: Buffer) => received.push(data));
    const opened = new Promise<void>((resolve) => client.once("open", () => resolve()));
    const closed = new Promise<number>((resolve) => client.once("close", (code) => resolve(code)));
    await opened;
    expect(await closed).toBeGreaterThan(1000);
    expect(received.length).toBeGreaterThan(0);
    // The 101 and the error message together; the close frame on its own.
    expect(writes[0]).toBe(2);
  });

  it("is not held back when the server sends nothing at once", async () => {
    const { url, writes, transport } = await listening();
    open = transport;
    // A connection to no room: Colyseus sends nothing until the client speaks.
    const client = new WebSocket(`${url}/`);
    await new Promise<void>((resolve, reject) => {
      client.once("open", () => resolve());
      client.once("error", reject);
    });
    expect(writes[0]).toBe(1);
    // And the connection works on: a message is answered.
    const answered = new Promise<Buffer>((resolve) => client.once("message", (data: Buffer) => resolve(data)));
    client.send(Buffer.from([1]));
    expect((await answered).length).toBeGreaterThan(0);
    client.close();
  });
});

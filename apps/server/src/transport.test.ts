import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { endOnce } from "./transport.ts";

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

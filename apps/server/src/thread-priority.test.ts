/**
 * A thread's priority is only ever lowered: asked for a niceness at or below the one it has, the
 * calling thread keeps its own (the bots' thread of a server started niced stays as niced).
 */
import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { lowerThisThread, thisThreadId } from "./thread-priority.ts";

describe.runIf(process.platform === "linux")("a thread's priority", () => {
  it("names the calling thread: in the main thread its id is the process's", () => {
    expect(thisThreadId()).toBe(process.pid);
  });

  it("is never raised: a niceness at or below the thread's own leaves it as it was", () => {
    const tid = thisThreadId()!;
    const own = getPriority(tid);
    expect(lowerThisThread(own)).toBe(own);
    expect(lowerThisThread(own - 5)).toBe(own);
    expect(lowerThisThread(-20)).toBe(own);
    expect(getPriority(tid)).toBe(own);
  });
});

import { describe, expect, it } from "vitest";
import { describeTrace, joinMoves } from "./bench-load-trace.ts";
import type { TraceFile } from "./move-trace.ts";

describe("bench:load --trace: a move split across the socket", () => {
  const server: TraceFile = {
    moves: [
      { room: "a", version: 3, received: 102, committed: 110, sent: 111 },
      { room: "b", version: 3, received: 205, committed: 230, sent: 231 },
    ],
    spans: [{ kind: "gc", start: 210, end: 225 }],
  };

  it("joins the client's moves to the server's by room and version and splits them into parts", () => {
    const split = joinMoves(
      [
        { room: "a", version: 3, sent: 100, arrived: 113, landed: 114 },
        { room: "b", version: 3, sent: 200, arrived: 240, landed: 241 },
        // Not in the server's trace, and one whose patch was never stamped: both left out.
        { room: "a", version: 4, sent: 300, arrived: 301, landed: 302 },
        { room: "b", version: 3, sent: 200, arrived: 0, landed: 241 },
      ],
      server,
    );
    expect(split).toEqual([
      { total: 14, toServer: 2, commit: 8, publish: 1, toClient: 2, decode: 1, from: 100, to: 114 },
      { total: 41, toServer: 5, commit: 25, publish: 1, toClient: 9, decode: 1, from: 200, to: 241 },
    ]);
  });

  it("names the long GC pause the slowest move overlapped", () => {
    const split = joinMoves([{ room: "a", version: 3, sent: 100, arrived: 113, landed: 114 }, { room: "b", version: 3, sent: 200, arrived: 240, landed: 241 }], server);
    const lines = describeTrace(split, server.spans, []);
    expect(lines.find((line) => line.includes("GC pauses"))).toContain("overlapping 1 of the 1 slowest moves");
    expect(lines.find((line) => line.includes("ping rounds"))).toContain("overlapping 0 of the 1 slowest moves");
  });

  it("says in which second of the window the slowest moves were sent, and which client collections they overlapped", () => {
    const split = joinMoves([{ room: "a", version: 3, sent: 100, arrived: 113, landed: 114 }, { room: "b", version: 3, sent: 1200, arrived: 1240, landed: 1241 }], {
      moves: [server.moves[0]!, { room: "b", version: 3, received: 1205, committed: 1230, sent: 1231 }],
      spans: [],
    });
    const lines = describeTrace(split, [], [], [
      [1210, 1235, true],
      [150, 152, false],
    ]);
    expect(lines.find((line) => line.includes("sent in second"))).toContain("second (of the window): 1: 1");
    const gcs = lines.find((line) => line.includes("client threads' GC"))!;
    expect(gcs).toContain("longest 25.0 ms");
    expect(gcs).toContain("overlapping 1 of the 1 slowest moves");
    expect(gcs).toContain("mark-compact 1 (25.0 ms)");
  });
});

/**
 * bench:load --trace: each person's move split into its parts on both sides of the socket, by
 * joining what its client saw (bench-load-clients.ts) with the server's trace (move-trace.ts),
 * both on the machine's monotonic clock:
 *   to the server   client sent → the server read the message (the server's loop was busy, or the kernel);
 *   commit          read → commit answered (rules, projection, the group commit);
 *   publish         commit answered → patch handed to the sockets;
 *   to the client   patch handed to the sockets → the client's thread read it (the client's loop);
 *   decode          read → the SDK's state callback.
 * And for the slowest 1 % of moves: what held the server's and the clients' threads meanwhile.
 */
import type { TraceFile, TracedSpan } from "./move-trace.ts";
import type { ClientMove } from "./bench-load-clients.ts";

export interface SplitMove {
  total: number;
  toServer: number;
  commit: number;
  publish: number;
  toClient: number;
  decode: number;
  /** Client sent → callback, on the monotonic clock: the window the move was exposed in. */
  from: number;
  to: number;
}

const PARTS = ["toServer", "commit", "publish", "toClient", "decode"] as const;
const LABELS: Record<(typeof PARTS)[number], string> = {
  toServer: "client sent → server read",
  commit: "server read → commit answered",
  publish: "commit answered → patch written",
  toClient: "patch written → client read",
  decode: "client read → state callback",
};

/** The client's moves that the server's trace holds too (by room and version), split. */
export function joinMoves(client: ClientMove[], server: TraceFile): SplitMove[] {
  const byKey = new Map(server.moves.map((move) => [`${move.room} ${move.version}`, move]));
  const split: SplitMove[] = [];
  for (const move of client) {
    const at = byKey.get(`${move.room} ${move.version}`);
    if (!at || move.arrived === 0) continue;
    split.push({
      total: move.landed - move.sent,
      toServer: at.received - move.sent,
      commit: at.committed - at.received,
      publish: at.sent - at.committed,
      toClient: move.arrived - at.sent,
      decode: move.landed - move.arrived,
      from: move.sent,
      to: move.landed,
    });
  }
  return split;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : Number.NaN;
}

const overlaps = (move: SplitMove, start: number, end: number) => start < move.to && end > move.from;

/** One collection of a client thread's heap, on the monotonic clock; `major`: a mark-compact. */
export type ClientGc = [start: number, end: number, major: boolean];

/** The report's lines. */
export function describeTrace(moves: SplitMove[], spans: TracedSpan[], clientStalls: [number, number][], clientGcs: ClientGc[] = []): string[] {
  if (moves.length === 0) return ["trace: no move joined"];
  const f = (value: number) => value.toFixed(1);
  const lines = [`trace: ${moves.length} person moves joined with the server's trace; ms p50 / p95 / p99 / max`];
  for (const part of ["total", ...PARTS] as const) {
    const sorted = moves.map((move) => move[part]).sort((a, b) => a - b);
    lines.push(`  ${(part === "total" ? "client sent → state callback" : LABELS[part]).padEnd(34)} ${f(percentile(sorted, 50))} / ${f(percentile(sorted, 95))} / ${f(percentile(sorted, 99))} / ${f(sorted.at(-1)!)}`);
  }
  const cut = percentile(moves.map((move) => move.total).sort((a, b) => a - b), 99);
  const slow = moves.filter((move) => move.total >= cut);
  const mean = (part: (typeof PARTS)[number]) => slow.reduce((sum, move) => sum + move[part], 0) / slow.length;
  lines.push(`  slowest 1 % (${slow.length} moves ≥ ${f(cut)} ms), mean per part: ${PARTS.map((part) => `${part} ${f(mean(part))}`).join(", ")}`);
  const window = { from: Math.min(...moves.map((move) => move.from)), to: Math.max(...moves.map((move) => move.to)) };
  const seconds = (window.to - window.from) / 1000;
  // When they were sent, by second of the window: bunched into a few seconds, one event held them all.
  const bySecond = new Map<number, number>();
  for (const move of slow) {
    const second = Math.floor((move.from - window.from) / 1000);
    bySecond.set(second, (bySecond.get(second) ?? 0) + 1);
  }
  lines.push(`  slowest 1 % sent in second (of the window): ${[...bySecond].sort((a, b) => a[0] - b[0]).map(([second, count]) => `${second}: ${count}`).join(", ")}`);
  for (const kind of ["stall", "gc", "ping"] as const) {
    const inWindow = spans.filter((span) => span.kind === kind && span.end > window.from && span.start < window.to);
    const long = inWindow.filter((span) => span.end - span.start >= 5);
    const durations = inWindow.map((span) => span.end - span.start).sort((a, b) => a - b);
    const hit = slow.filter((move) => long.some((span) => overlaps(move, span.start, span.end))).length;
    lines.push(
      `  server ${kind === "stall" ? "turns ≥ 10 ms" : kind === "gc" ? "GC pauses" : "ping rounds"}: ${(inWindow.length / seconds).toFixed(1)}/s, ` +
        `${f(durations.reduce((a, b) => a + b, 0) / seconds)} ms/s, p50 ${f(percentile(durations, 50))} / max ${f(durations.at(-1) ?? 0)} ms; ` +
        `${long.length} of ≥ 5 ms, overlapping ${hit} of the ${slow.length} slowest moves`,
    );
  }
  const stalls = clientStalls.filter(([start, end]) => end > window.from && start < window.to);
  const hit = slow.filter((move) => stalls.some(([start, end]) => overlaps(move, start, end))).length;
  const longest = Math.max(0, ...stalls.map(([start, end]) => end - start));
  lines.push(`  client threads' turns ≥ 10 ms: ${(stalls.length / seconds).toFixed(1)}/s, longest ${f(longest)} ms, overlapping ${hit} of the ${slow.length} slowest moves`);
  const gcs = clientGcs.filter(([start, end]) => end > window.from && start < window.to);
  const gcLong = gcs.filter(([start, end]) => end - start >= 5);
  const gcTotal = gcs.reduce((sum, [start, end]) => sum + end - start, 0);
  const gcLongest = Math.max(0, ...gcs.map(([start, end]) => end - start));
  const gcHit = slow.filter((move) => gcLong.some(([start, end]) => overlaps(move, start, end))).length;
  const majors = gcs.filter(([, , major]) => major).map(([start, end]) => end - start);
  lines.push(
    `  client threads' GC pauses: ${(gcs.length / seconds).toFixed(1)}/s, ${f(gcTotal / seconds)} ms/s, longest ${f(gcLongest)} ms; ${gcLong.length} of ≥ 5 ms, overlapping ${gcHit} of the ${slow.length} slowest moves; ` +
      `mark-compact ${majors.length} (${majors.map(f).join(", ") || "none"} ms)`,
  );
  return lines;
}

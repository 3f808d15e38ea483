/**
 * The bystander: a real game of A Fistful of Meeples played by two SDK clients (choosing with
 * the game's bot on what they decoded) and one server bot, while the fuzzer attacks everything
 * around it. It records every move's latency (the action sent → the patch that carries it) and
 * checks, once it is over, that the fuzz changed nothing: the stored match replays from its seed
 * to exactly the result the players saw, and its log holds exactly their own moves, in order.
 */
import { Client, type Room } from "@colyseus/sdk";
import { type ActionBase, type FinalScores, type Game, createRandom, replay, sameJson } from "@saloon/engine";
import { type ErrorMessage, type MatchDetail, TABLE_ROOM, type TableSnapshot, decodePrompt, decodeResult, decodeView } from "@saloon/protocol";

export interface BystanderResult {
  roomId: string;
  moves: number;
  /** ms from sending an action to the first state that carries it, one per move. */
  latencies: number[];
  /** What went differently from a game nobody attacked (empty when nothing did). */
  differences: string[];
}

interface Player {
  room: Room;
  seat: number;
  sent: ActionBase[];
  latest: TableSnapshot | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const failAfter = (ms: number, what: string) => sleep(ms).then((): never => {
  throw new Error(`${what} took over ${ms} ms`);
});

/** The shortest time between two moves of one bystander player. */
const MOVE_GAP_MS = 120;

export async function playBystander(
  base: string,
  game: Game<any, ActionBase, any, any>,
  label: string,
  timeoutMs = 120_000,
  onTable: (roomId: string) => void = () => {},
): Promise<BystanderResult> {
  const differences: string[] = [];
  const latencies: number[] = [];
  const client = new Client(base.replace(/^http/, "ws"));
  const token = (name: string) => `${label}-${name}-bystander`.replace(/[^A-Za-z0-9_-]/g, "-").padEnd(16, "x").slice(0, 64);
  const ann = await Promise.race([client.create(TABLE_ROOM, { game: game.id, seats: 3, bots: [2], name: "Ann", token: token("ann") }), failAfter(10_000, "creating the table")]);
  const bob = await Promise.race([client.joinById(ann.roomId, { name: "Bob", token: token("bob") }), failAfter(10_000, "joining the table")]);
  onTable(ann.roomId);
  const players: Player[] = [
    { room: ann, seat: 0, sent: [], latest: null },
    { room: bob, seat: 1, sent: [], latest: null },
  ];

  let result: FinalScores | null = null;
  let closedEarly = false;
  for (const player of players) {
    const random = createRandom(`${label}:${player.seat}`);
    let pending: { version: number; at: number } | null = null;
    let scheduled = false;
    // People take a moment per decision: at most one move per MOVE_GAP_MS, well inside the
    // documented budget, so the bystander measures the server and not its own rate limit.
    let lastMoveAt = 0;
    const act = () => {
      scheduled = false;
      const snapshot = player.latest;
      if (!snapshot || snapshot.status !== "playing" || pending) return;
      const prompt = decodePrompt(snapshot, player.seat);
      if (!prompt) return;
      const wait = lastMoveAt + MOVE_GAP_MS - performance.now();
      if (wait > 0) {
        scheduled = true;
        setTimeout(act, wait);
        return;
      }
      const action = game.bot(decodeView(snapshot, player.seat), prompt, random);
      lastMoveAt = performance.now();
      pending = { version: snapshot.version, at: lastMoveAt };
      player.sent.push(action);
      player.room.send("action", action);
    };
    player.room.onMessage("*", (type, payload) => {
      if (type !== "error") return;
      differences.push(`seat ${player.seat} was refused: ${(payload as ErrorMessage).code} ${(payload as ErrorMessage).message}`);
      player.sent.pop();
      pending = null;
      if (!scheduled) setTimeout(act, 200);
    });
    player.room.onLeave((code) => {
      if (!result) {
        closedEarly = true;
        differences.push(`seat ${player.seat} lost its connection (${code}) before the end`);
      }
    });
    player.room.onStateChange((state) => {
      const snapshot = (state as { toJSON(): TableSnapshot }).toJSON();
      player.latest = snapshot;
      if (pending && snapshot.version > pending.version) {
        latencies.push(performance.now() - pending.at);
        pending = null;
      }
      result ??= decodeResult(snapshot);
      if (!scheduled) act();
    });
  }

  const deadline = Date.now() + timeoutMs;
  while (!result && !closedEarly && Date.now() < deadline) await sleep(20);
  for (const player of players) {
    await Promise.race([player.room.leave(true).catch(() => {}), sleep(3000)]);
  }
  if (!result) {
    differences.push(closedEarly ? "the game did not reach its end" : `the game did not end within ${timeoutMs} ms`);
    return { roomId: ann.roomId, moves: latencies.length, latencies, differences };
  }

  // The stored match: the same seed and log, replayed by a clean engine, must give the same result.
  let detail: MatchDetail | null = null;
  for (let attempt = 0; attempt < 100 && !detail; attempt++) {
    const response = await fetch(`${base}/api/matches/${ann.roomId}`);
    if (response.status === 200) detail = (await response.json()) as MatchDetail;
    else await sleep(100);
  }
  if (!detail) {
    differences.push("the finished match was not stored");
  } else {
    const rebuilt = game.scores(replay(game, detail.seed, detail.seats.length, detail.options as never, detail.actions));
    if (!sameJson(rebuilt, result)) differences.push("the stored match replays to another result than the players saw");
    if (!sameJson(detail.scores, result)) differences.push("the stored scores differ from what the players saw");
    for (const player of players) {
      const logged = detail.actions.filter((entry) => entry.seat === player.seat).map((entry) => entry.action);
      if (!sameJson(logged, player.sent)) differences.push(`seat ${player.seat}'s log is not exactly the moves it sent`);
    }
  }
  return { roomId: ann.roomId, moves: latencies.length, latencies, differences };
}

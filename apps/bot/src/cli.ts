/**
 * A headless Saloon player for the terminal:
 *   pnpm bot --url ws://127.0.0.1:2567 --create fistful --players 3 [--bots 1] [--name X] [--private]
 *   pnpm bot --url ws://127.0.0.1:2567 --join=<tableId> [--name X]
 * It takes a seat, plays it with the game's bot on what the server sends it, prints the final
 * scores and exits 0 (1 on any failure, 2 on bad arguments).
 */
import { parseArgs } from "node:util";
import { findGame, games } from "@saloon/catalog";
import { MAX_NAME_LENGTH } from "@saloon/protocol";
import { playTable } from "./table-bot.ts";

const usage = `usage:
  pnpm bot [--url ws://127.0.0.1:2567] --create <${Object.keys(games).join("|")}> --players N [--bots K] [--private] [--name NAME] [--delay MS]
  pnpm bot [--url ws://127.0.0.1:2567] --join=<tableId> [--name NAME] [--delay MS]

  --join=ID   with "=": a table id may begin with "-", which "--join ID" would take for an option
  --bots K    the last K seats are played by server bots
  --delay MS  pause before each action (default 150; the server allows ~10 messages/s)`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function integer(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) fail(`--${name} must be a non-negative integer`);
  return value;
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      url: { type: "string", default: "ws://127.0.0.1:2567" },
      create: { type: "string" },
      join: { type: "string" },
      players: { type: "string" },
      bots: { type: "string" },
      private: { type: "boolean", default: false },
      name: { type: "string" },
      delay: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  fail((error as Error).message);
}
const { values } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.create === !values.join) fail("give exactly one of --create <game> or --join <tableId>");

const name = values.name ?? `Drifter ${Math.floor(100 + Math.random() * 900)}`;
if (name.trim().length === 0 || name.length > MAX_NAME_LENGTH) fail(`--name must be 1–${MAX_NAME_LENGTH} characters`);
const delayMs = integer(values.delay, "delay", 150);

let create: { game: string; seats: number; bots: number[]; private: boolean } | undefined;
if (values.create) {
  const game = findGame(values.create);
  if (!game) fail(`unknown game "${values.create}"`);
  const seats = integer(values.players, "players", game.minSeats);
  if (seats < game.minSeats || seats > game.maxSeats) fail(`${game.title} takes ${game.minSeats}–${game.maxSeats} players`);
  const botCount = integer(values.bots, "bots", 0);
  if (botCount >= seats) fail("--bots must leave at least one seat for this player");
  create = { game: game.id, seats, bots: Array.from({ length: botCount }, (_, i) => seats - botCount + i), private: values.private };
}

try {
  const result = await playTable({
    url: values.url,
    name,
    delayMs,
    ...(create ? { create } : { join: values.join! }),
    report: (line) => {
      console.log(line);
      if (create && line.startsWith("table ")) {
        const tableId = line.slice("table ".length).split(":")[0];
        // With "=": a table id may begin with "-", and "--join -abc" reads as a missing argument.
        console.log(`others join with: pnpm bot --url ${values.url} --join=${tableId}`);
      }
    },
  });
  console.log(`\nfinal scores (table ${result.tableId}, this bot is seat ${result.seat}):`);
  const { scores, names } = result;
  for (const line of scores.lines) {
    const breakdown = scores.categories.map((category) => `${category} ${line.breakdown[category] ?? 0}`).join(", ");
    const who = `${names[line.seat] || `seat ${line.seat}`}${line.seat === result.seat ? " (me)" : ""}`;
    console.log(`  ${line.placement}. ${who}: ${line.total} (${breakdown})${scores.winners.includes(line.seat) ? "  winner" : ""}`);
  }
  process.exit(0);
} catch (error) {
  console.error(`bot failed: ${(error as Error).message}`);
  process.exit(1);
}

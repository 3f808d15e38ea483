/**
 * The synced state of a table (schema 5 `schema()` API, tech-stack §3 pattern B).
 *
 * Everything a game shows is carried as paths to leaves (packages/protocol view-paths.ts,
 * docs/sync.md), so one schema serves every game and a move patches only the leaves it changed.
 * What a seat sees beyond the public view sits in its `secret`, a `.view()`-tagged sub-schema
 * that only that seat's StateView contains; spectators' views contain nothing tagged.
 * The seed, the game's RNG and the raw action log are never here.
 */
import { type SchemaType, schema, t } from "@colyseus/schema";

export const PrivateSeatSchema = schema(
  {
    /** Only the paths where this seat's view differs from the public one (leaf JSON, a marker, or "" for absent). */
    view: t.map("string"),
    /** JSON of the seat's current Prompt, or "" when it owes nothing. */
    prompt: t.string().default(""),
    /** How many steps of its turn this seat can take back now (issue #15 item 3). */
    undo: t.uint8().default(0),
    /**
     * The table's version right after this seat's latest action that still stands (0: none): it
     * changes in the very patch that shows the seat's own move, and no other seat's move touches
     * it, so a client knows its answer has landed (docs/sync-journal.md, "An answer in flight").
     */
    acted: t.uint32().default(0),
  },
  "PrivateSeat",
);
export type PrivateSeatSchema = SchemaType<typeof PrivateSeatSchema>;

export const SeatSchema = schema(
  {
    seat: t.uint8(),
    /** "open" | "human" | "bot" */
    kind: t.string().default("open"),
    name: t.string().default(""),
    connected: t.boolean().default(false),
    /** While the person of this seat is away during the game: when their grace period ends (epoch ms); 0 otherwise. */
    awayUntil: t.float64().default(0),
    /** The grace period is over and the person is still away: the others may give the seat to a bot or end the game. */
    graceOver: t.boolean().default(false),
    secret: t.ref(PrivateSeatSchema).view(),
  },
  "Seat",
);
export type SeatSchema = SchemaType<typeof SeatSchema>;

export const TableStateSchema = schema(
  {
    game: t.string(),
    /** "waiting" | "playing" | "finished" | "abandoned" */
    status: t.string().default("waiting"),
    /** Accepted actions so far. */
    version: t.uint32().default(0),
    seats: t.array(SeatSchema),
    /** The public view `game.view(state, null)`: path → leaf JSON text or container marker. */
    view: t.map("string"),
    /** JSON of FinalScores once the game is over, else "". */
    result: t.string().default(""),
    /** Why an abandoned table ended ("ended-by-players" | "all-left"), else "". */
    endReason: t.string().default(""),
    /** How fast the bots play: "instant" | "quick" | "normal" (issue #15 item 5). */
    botPace: t.string().default("normal"),
  },
  "TableState",
);
export type TableStateSchema = SchemaType<typeof TableStateSchema>;

/**
 * The synced state of a table (schema 5 `schema()` API, tech-stack §3 pattern B).
 *
 * Everything a game shows is carried as JSON text, one entry per top-level key of the game's
 * view, so one schema serves every game and a change to one key patches only that key. What a
 * seat sees beyond the public view sits in its `secret`, a `.view()`-tagged sub-schema that
 * only that seat's StateView contains; spectators' views contain nothing tagged.
 * The seed, the game's RNG and the raw action log are never here.
 */
import { type SchemaType, schema, t } from "@colyseus/schema";

export const PrivateSeatSchema = schema(
  {
    /** Only the view keys where this seat's view differs from the public one (JSON text each). */
    view: t.map("string"),
    /** JSON of the seat's current Prompt, or "" when it owes nothing. */
    prompt: t.string().default(""),
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
    /** The public view: one JSON text per top-level key of `game.view(state, null)`. */
    view: t.map("string"),
    /** JSON of FinalScores once the game is over, else "". */
    result: t.string().default(""),
    /** Why an abandoned table ended ("ended-by-players" | "all-left"), else "". */
    endReason: t.string().default(""),
  },
  "TableState",
);
export type TableStateSchema = SchemaType<typeof TableStateSchema>;

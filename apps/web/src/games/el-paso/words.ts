/**
 * Names and descriptions of El Paso's components, shared by the board, the prompts and the log.
 * Every number comes from the rules package's data table; this file only puts words around them,
 * so a translation (and a recalibrated value) changes in one place.
 */
import {
  type ActionSpec,
  AUX1_MONEY,
  AUX1_MONEY_UPGRADED,
  BONUSES,
  type Breed,
  BUILDER_BONUS_COST,
  type CattleSel,
  DISC_DATA,
  type DiscId,
  DOLLARS_PER_WORKER,
  EL_PASO_MONEY,
  ENGINEER_BONUS,
  HAND_SIZE,
  HAND_SIZE_UPGRADED,
  HIRE_ONE_PRICE,
  HIRE_TWO_PRICE,
  MAX_CERTIFICATES,
  type NeutralId,
  OBJECTIVES,
  POST_DATA,
  type PostId,
  type Requirement,
  STEP_LIMIT,
  STEP_LIMIT_UPGRADED,
  WILD_BONUS,
  WILD_SURCHARGE,
  type WorkerType,
  breedOf,
  isWorkerCard,
  workerOf,
} from "@saloon/el-paso";

export interface BreedStyle {
  name: string;
  /** A name short enough for a chip on a tile. */
  chip: string;
  /** Letters printed on the card, so colour never carries the breed alone. */
  short: string;
  fill: string;
  ink: string;
}

/** Starting-herd breeds are earthy, market breeds bold, the Simmental orange as on the board. */
export const BREED_STYLE: Record<Breed, BreedStyle> = {
  CRI: { name: "Criollo", chip: "Criollo", short: "Cri", fill: "#c9a27a", ink: "#1d0f04" },
  PIN: { name: "Pineywoods", chip: "Pineywoods", short: "Pin", fill: "#876745", ink: "#ffffff" },
  GAL: { name: "Galloway", chip: "Galloway", short: "Gal", fill: "#6b5a4e", ink: "#ffffff" },
  SGE: { name: "Santa Gertrudis", chip: "S. Gertrudis", short: "SGe", fill: "#a3492f", ink: "#ffffff" },
  ANG: { name: "Black Angus", chip: "Angus", short: "Ang", fill: "#2b2624", ink: "#ffffff" },
  COR: { name: "Corriente", chip: "Corriente", short: "Cor", fill: "#d9b45a", ink: "#1d0f04" },
  SHO: { name: "Shorthorn", chip: "Shorthorn", short: "Sho", fill: "#7a2f43", ink: "#ffffff" },
  HER: { name: "Hereford", chip: "Hereford", short: "Her", fill: "#8c3a1c", ink: "#ffffff" },
  SIM: { name: "Simmental", chip: "Simmental", short: "Sim", fill: "#e8842c", ink: "#1d0f04" },
};

export const breedStyle = (breed: unknown): BreedStyle => BREED_STYLE[(typeof breed === "string" && breed in BREED_STYLE ? breed : "CRI") as Breed];
export const breedName = (breed: unknown): string => breedStyle(breed).name;

export interface WorkerWords {
  name: string;
  plural: string;
  short: string;
  fill: string;
  ink: string;
  /** The bonus printed on the card, usable at any time in the own turn by discarding it. */
  bonus: string;
}

export const WORKER_WORDS: Record<WorkerType, WorkerWords> = {
  COW: { name: "cowboy", plural: "cowboys", short: "Cow", fill: "#b34832", ink: "#ffffff", bonus: "one extra step while moving (used for you when a destination needs it)" },
  ENG: { name: "engineer", plural: "engineers", short: "Eng", fill: "#2f6b9a", ink: "#ffffff", bonus: `discard for +$${ENGINEER_BONUS}` },
  BLD: { name: "builder", plural: "builders", short: "Bld", fill: "#4f7a3a", ink: "#ffffff", bonus: `discard and pay $${BUILDER_BONUS_COST} for 1 certificate` },
  WLD: { name: "wild worker", plural: "wild workers", short: "Wild", fill: "#6a4c93", ink: "#ffffff", bonus: `stands in for any worker; discard for +$${WILD_BONUS}` },
};

/** A worker's bonus as a short gain ("+$1", "$2 → 1 certificate"). */
export function bonusGain(worker: unknown): string {
  if (worker === "ENG") return `+$${ENGINEER_BONUS}`;
  if (worker === "WLD") return `+$${WILD_BONUS}`;
  if (worker === "BLD") return `$${BUILDER_BONUS_COST} → 1 certificate`;
  return "its bonus";
}

export const workerWords = (worker: unknown): WorkerWords => WORKER_WORDS[(typeof worker === "string" && worker in WORKER_WORDS ? worker : "COW") as WorkerType];

/** "Black Angus" for a cattle card, "engineer" for a worker card. */
export function cardName(card: unknown): string {
  if (typeof card !== "string") return "a card";
  return isWorkerCard(card) ? workerWords(workerOf(card)).name : breedName(breedOf(card));
}

export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

export const dollars = (n: number): string => (n < 0 ? `−$${-n}` : `$${n}`);
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The letter printed on a neutral building ("B" for N_B). */
export const neutralLetter = (id: NeutralId | string): string => id.replace(/^N_/, "");

function selText(sel: CattleSel): string {
  if (sel === "ANY") return "any cattle card";
  if (sel === "BV:2") return "a card of breeding value 2";
  return `a ${breedName(sel.slice(6))}`;
}

function selShort(sel: CattleSel): string {
  if (sel === "ANY") return "any card";
  if (sel === "BV:2") return "BV-2 card";
  return breedStyle(sel.slice(6)).chip;
}

/** One printed action as a short label for a chip on a tile or card ("Galloway → $2"). */
export function actionShort(spec: ActionSpec): string {
  switch (spec.t) {
    case "DISCARD_CATTLE":
      return `${selShort(spec.sel)} → ${spec.gain === "2xBV" ? "2×BV $" : `$${spec.gain}`}`;
    case "GAIN_MONEY":
      return `+$${spec.n}`;
    case "GAIN_CERT":
      return `+${spec.n} certificate${spec.n === 1 ? "" : "s"}`;
    case "GAIN_TOKEN":
      return spec.cost > 0 ? `$${spec.cost} → token` : "+1 token";
    case "HIRE":
      if (spec.mode === "ONE_OR_TWO") return "Hire 1–2 workers";
      return spec.specific === 0 ? "Hire a worker free" : `Hire a worker $${spec.specific}`;
    case "BUY_CATTLE":
      return "Buy cattle";
    case "TRAIN":
      return "Use a train";
    case "GAIN_TILE":
      return `${spec.cost > 0 ? `$${spec.cost} → ` : "Take "}${spec.kind === "OBJ" ? "objective" : spec.kind === "BON" ? "bonus tile" : "obj./bonus"}`;
    case "BUILD":
      return "Build";
    case "AUX":
      return spec.n === 1 ? "1 aux action" : `${spec.n} aux actions`;
    case "MOVE":
      return `Move ≤ ${spec.max}`;
    case "GAIN_CATTLE":
      return `${spec.cost > 0 ? `$${spec.cost} → ` : "+"}${breedStyle(spec.breed).chip}`;
    case "REMOVE_CATTLE":
      return `Remove ${selShort(spec.sel)}`;
  }
}

/** One printed action as a full sentence, for tooltips and buttons. */
export function actionText(spec: ActionSpec): string {
  switch (spec.t) {
    case "DISCARD_CATTLE":
      return `Discard ${selText(spec.sel)} from your hand for ${spec.gain === "2xBV" ? "twice its breeding value in dollars" : `$${spec.gain}`}`;
    case "GAIN_MONEY":
      return `Gain $${spec.n}`;
    case "GAIN_CERT":
      return `Gain ${plural(spec.n, "certificate")} (the track holds at most ${MAX_CERTIFICATES})`;
    case "GAIN_TOKEN":
      return spec.cost > 0 ? `Pay $${spec.cost} for an exchange token` : "Gain an exchange token";
    case "HIRE":
      if (spec.mode === "ONE_OR_TWO") return `Hire one worker for $${HIRE_ONE_PRICE} or two different ones for $${HIRE_TWO_PRICE} (a wild worker costs $${WILD_SURCHARGE} more)`;
      return spec.specific === 0 ? `Hire one worker for free (a wild worker for $${spec.wild})` : `Hire one worker for $${spec.specific} (a wild worker for $${spec.wild})`;
    case "BUY_CATTLE":
      return `Buy one card from the cattle market (discard cowboys and pay $${DOLLARS_PER_WORKER} for each)`;
    case "TRAIN":
      return `Use a train card (discard engineers and pay $${DOLLARS_PER_WORKER} for each), then do its actions`;
    case "GAIN_TILE": {
      const what = spec.kind === "OBJ" ? "an objective tile" : spec.kind === "BON" ? "a bonus tile" : "an objective or a bonus tile";
      return `${spec.cost > 0 ? `Pay $${spec.cost} and take` : "Take"} ${what} (face up, or the top of its stack)`;
    }
    case "BUILD":
      return `Build a building (builders and $${DOLLARS_PER_WORKER} each, plus the space's cost) or upgrade one of yours`;
    case "AUX":
      return spec.n === 1 ? "Do one auxiliary action" : `Do ${spec.n} different auxiliary actions`;
    case "MOVE":
      return `Move your herder up to ${plural(spec.max, "step")} and use the new location`;
    case "GAIN_CATTLE":
      return `${spec.cost > 0 ? `Pay $${spec.cost} and take` : "Take"} a ${breedName(spec.breed)} from the market into your discard pile`;
    case "REMOVE_CATTLE":
      return `Remove ${selText(spec.sel)} from your hand from the game`;
  }
}

export function actionsText(specs: readonly ActionSpec[]): string {
  return specs.map(actionText).join("; ");
}

/** A trading post's sentence for its tooltip. */
export function postText(post: PostId): string {
  const d = POST_DATA[post];
  const parts = [`Trading post ${d.min}: deliver with a breeding value of ${d.min} or more`];
  parts.push(d.multi ? "any number of your discs may go here" : "one disc of yours at most");
  if (d.dark) parts.push("dark discs from the middle of your board may go here");
  if (d.vp) parts.push(`${plural(d.vp, "victory point")} per disc at the end`);
  if (d.reward) parts.push(`reward: ${actionText(d.reward).toLowerCase()}`);
  return `${parts.join("; ")}.`;
}

export const postName = (post: unknown): string => (typeof post === "string" && post in POST_DATA ? `trading post ${POST_DATA[post as PostId].min}` : "a trading post");

/** The disc spaces of the player board: what a disc covers, and what it costs or pays to place it. */
export const DISC_EFFECT: Record<DiscId, string> = {
  D1: `auxiliary action 1 pays $${AUX1_MONEY_UPGRADED} instead of $${AUX1_MONEY}`,
  D2: "unlocks auxiliary action 2 (gain a certificate)",
  D3: "auxiliary action 3 exchanges twice",
  D4: "unlocks auxiliary action 4 (remove a card from your hand)",
  D5: "a permanent certificate (+1 at every delivery)",
  D6: `hand limit ${HAND_SIZE_UPGRADED} instead of ${HAND_SIZE}`,
  D7: `step limit ${STEP_LIMIT_UPGRADED} instead of ${STEP_LIMIT}`,
};

/** What placing a disc frees, in a few words (for the disc buttons of a delivery). */
export const DISC_SHORT: Record<DiscId, string> = {
  D1: `aux 1 pays $${AUX1_MONEY_UPGRADED}`,
  D2: "unlocks aux 2",
  D3: "aux 3 twice",
  D4: "unlocks aux 4",
  D5: "permanent certificate",
  D6: `hand limit ${HAND_SIZE_UPGRADED}`,
  D7: `step limit ${STEP_LIMIT_UPGRADED}`,
};

export const discMoney = (disc: DiscId): string => {
  const m = DISC_DATA[disc].money;
  return m === 0 ? "" : m > 0 ? `+$${m}` : `−$${-m}`;
};

/** The four auxiliary actions printed on the player board, in order. */
export const AUX_ACTIONS: { n: number; name: string; needs: DiscId | null; upgrade: DiscId | null }[] = [
  { n: 1, name: `Gain $${AUX1_MONEY}`, needs: null, upgrade: "D1" },
  { n: 2, name: "Gain 1 certificate", needs: "D2", upgrade: null },
  { n: 3, name: "Exchange a card", needs: null, upgrade: "D3" },
  { n: 4, name: "Remove a card from your hand", needs: "D4", upgrade: null },
];

export function auxText(n: number, cleared: (disc: DiscId) => boolean): string {
  switch (n) {
    case 1:
      return `Gain $${cleared("D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY}`;
    case 2:
      return "Gain 1 certificate";
    case 3:
      return cleared("D3") ? "Exchange a card, then optionally a second one" : "Exchange a card (draw one, then discard one)";
    default:
      return "Remove a cattle card from your hand from the game";
  }
}

/** An objective's requirements: "Black Angus + Corriente". */
export function requirementText(req: Requirement | string): string {
  const [kind, arg] = req.split(":") as [string, string];
  if (kind === "CATTLE") return breedName(arg);
  if (kind === "WORKER") return workerWords(arg).name;
  // Builder requirements count the builders paid for the player's buildings (RULINGS.builderPool).
  if (kind === "BUILDERS") return `buildings worth ${arg} builders`;
  if (req === "DISC:16") return "a disc on post 16";
  return "a disc on post 10+";
}

/** Requirements with repeats folded: ["2 × cowboy", "Black Angus"]. */
export function requirementLines(reqs: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const req of reqs) counts.set(req, (counts.get(req) ?? 0) + 1);
  return [...counts].map(([req, n]) => (n > 1 ? `${n} × ${requirementText(req)}` : requirementText(req)));
}

export function objectiveText(tile: string): string {
  const o = OBJECTIVES[tile];
  if (!o) return "an objective tile";
  return `${o.req.map(requirementText).join(" + ")} → ${plural(o.vp, "point")}`;
}

export function bonusText(tile: string): string {
  const b = BONUSES[tile];
  if (!b) return "a bonus tile";
  const vp = b.vp ? ` · ${plural(b.vp, "point")}` : "";
  if (b.kind === "permanent") return `${b.effect === "PERM_CERT" ? "Permanent certificate (+1 at every delivery)" : "Counts one duplicate cattle card at delivery"}${vp}`;
  if (b.kind === "vpOnly") return `${plural(b.vp, "point")}`;
  return `Once: ${b.actions.map(actionShort).join(", ")}${vp}`;
}

export const tileText = (tile: string): string => (tile.startsWith("OB") ? objectiveText(tile) : bonusText(tile));
export const tileKind = (tile: unknown): string => (typeof tile === "string" && tile.startsWith("OB") ? "objective" : "bonus tile");

/** The game in five lines, for a newcomer at the table (the board's "How a turn goes"). */
export const TURN_HELP: string[] = [
  `Move your herder clockwise to a building, up to your step limit (${STEP_LIMIT} at first): only buildings and El Paso count as steps; each cowboy adds one.`,
  "Use that building's actions in any order, or one auxiliary action instead. On another player's building you may only take an auxiliary action.",
  "At any moment of your turn, discard a worker for its bonus or use an exchange token (the buttons in the yellow bar).",
  `In El Paso you gain $${EL_PASO_MONEY} and a Simmental, then deliver: your hand's breeding value (each breed once) plus certificates decides which trading post you reach; place a disc from your player board there.`,
  "Your turn ends by drawing back up to your hand limit. When the Simmentals run out, the next player to reach El Paso ends the game; the most points win.",
];

/** Score categories as the final table and the live score name them. */
export const CATEGORY_LABEL: Record<string, string> = {
  money: "Money",
  buildings: "Buildings",
  posts: "Trading posts",
  workers: "Workers",
  cattle: "Cattle",
  bonuses: "Bonus tiles",
  objectives: "Objectives",
};

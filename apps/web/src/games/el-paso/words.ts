/**
 * Names and descriptions of El Paso's components, shared by the board, the prompts and the log.
 * Every number comes from the rules package's data table; this file only puts words around them,
 * so a translation (and a recalibrated value) changes in one place. The words themselves are
 * messages (messages/{en,de}.json) in the German edition's terms where it has them (Viehtreiber,
 * Zertifikat, Tauschplättchen, Handelsposten, Zuchtwert, Ingenieur, Baumeister, Joker, Zugkarte,
 * Ziel- und Bonusplättchen, Hilfsaktion, Scheibe); breed names are the same in both editions.
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
import { m } from "../../paraglide/messages.js";
import { joinWith } from "../grammar.ts";

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
  readonly name: string;
  readonly plural: string;
  readonly short: string;
  fill: string;
  ink: string;
  /** The bonus printed on the card, usable at any time in the own turn by discarding it. */
  readonly bonus: string;
}

/** A worker type's words, read in the current language each time (getters over messages). */
function workerEntry(worker: WorkerType, fill: string, ink: string): WorkerWords {
  return {
    fill,
    ink,
    get name() {
      return m.elpaso_worker_name({ worker });
    },
    get plural() {
      return m.elpaso_worker_plural({ worker });
    },
    get short() {
      return m.elpaso_worker_short({ worker });
    },
    get bonus() {
      return m.elpaso_worker_bonus({ worker, engineer: ENGINEER_BONUS, builder: BUILDER_BONUS_COST, wild: WILD_BONUS });
    },
  };
}

export const WORKER_WORDS: Record<WorkerType, WorkerWords> = {
  COW: workerEntry("COW", "#b34832", "#ffffff"),
  ENG: workerEntry("ENG", "#2f6b9a", "#ffffff"),
  BLD: workerEntry("BLD", "#4f7a3a", "#ffffff"),
  WLD: workerEntry("WLD", "#6a4c93", "#ffffff"),
};

/** A worker's bonus as a short gain ("+$1", "$2 → 1 certificate"). */
export function bonusGain(worker: unknown): string {
  const amount = worker === "ENG" ? ENGINEER_BONUS : worker === "WLD" ? WILD_BONUS : BUILDER_BONUS_COST;
  return m.elpaso_bonus_gain({ worker: String(worker), amount });
}

export const workerWords = (worker: unknown): WorkerWords => WORKER_WORDS[(typeof worker === "string" && worker in WORKER_WORDS ? worker : "COW") as WorkerType];

/** "2 cowboys" / "2 Cowboys". */
export const workerCount = (worker: WorkerType, count: number): string => m.elpaso_worker_count({ worker, count });
/** "an engineer" / "einen Ingenieur": a worker as the object of a sentence. */
export const aWorker = (worker: unknown): string => m.elpaso_worker_a({ worker: String(worker) });

/** The breed code of a cattle card or the worker type of a worker card. */
function cardKind(card: string): string {
  return isWorkerCard(card) ? String(workerOf(card)) : String(breedOf(card));
}

/** "Black Angus" for a cattle card, "engineer" for a worker card. */
export function cardName(card: unknown): string {
  if (typeof card !== "string") return m.elpaso_a_card();
  return m.elpaso_card_name({ kind: cardKind(card) });
}

/** "a Black Angus" / "eine Black-Angus-Karte", "an engineer" / "einen Ingenieur": a card as an object. */
export function aCard(card: unknown): string {
  if (typeof card !== "string") return m.elpaso_a_card();
  return m.elpaso_card_a({ kind: cardKind(card) });
}

/** The same for a breed code ("ANG"). */
export const aBreed = (breed: unknown): string => m.elpaso_card_a({ kind: String(breed) });

export function joinAnd(parts: string[]): string {
  return joinWith(parts, m.elpaso_and);
}

export const dollars = (n: number): string => (n < 0 ? `−$${-n}` : `$${n}`);
export const steps = (count: number): string => m.elpaso_steps({ count });
export const certificates = (count: number): string => m.elpaso_certificates({ count });
export const points = (count: number): string => m.elpaso_points({ count });

/** The letter printed on a neutral building ("B" for N_B). */
export const neutralLetter = (id: NeutralId | string): string => id.replace(/^N_/, "");

function selText(sel: CattleSel): string {
  if (sel === "ANY") return m.elpaso_action_sel_any();
  if (sel === "BV:2") return m.elpaso_action_sel_bv2();
  return aBreed(sel.slice(6));
}

function selShort(sel: CattleSel): string {
  if (sel === "ANY") return m.elpaso_short_any_card();
  if (sel === "BV:2") return m.elpaso_short_bv2_card();
  return breedStyle(sel.slice(6)).chip;
}

/** One printed action as a short label for a chip on a tile or card ("Galloway → $2"). */
export function actionShort(spec: ActionSpec): string {
  switch (spec.t) {
    case "DISCARD_CATTLE":
      return m.elpaso_short_discard({ what: selShort(spec.sel), gain: spec.gain === "2xBV" ? m.elpaso_short_twice_bv() : `$${spec.gain}` });
    case "GAIN_MONEY":
      return m.elpaso_short_money({ count: spec.n });
    case "GAIN_CERT":
      return m.elpaso_short_certs({ count: spec.n });
    case "GAIN_TOKEN":
      return spec.cost > 0 ? m.elpaso_short_token_paid({ cost: spec.cost }) : m.elpaso_short_token();
    case "HIRE":
      if (spec.mode === "ONE_OR_TWO") return m.elpaso_short_hire_one_or_two();
      return spec.specific === 0 ? m.elpaso_short_hire_free() : m.elpaso_short_hire({ cost: spec.specific });
    case "BUY_CATTLE":
      return m.elpaso_short_buy();
    case "TRAIN":
      return m.elpaso_short_train();
    case "GAIN_TILE":
      return spec.cost > 0 ? m.elpaso_short_tile({ kind: spec.kind, cost: spec.cost }) : m.elpaso_short_tile_free({ kind: spec.kind });
    case "BUILD":
      return m.elpaso_short_build();
    case "AUX":
      return m.elpaso_short_aux({ count: spec.n });
    case "MOVE":
      return m.elpaso_short_move({ max: spec.max });
    case "GAIN_CATTLE":
      return spec.cost > 0 ? m.elpaso_short_cattle_paid({ cost: spec.cost, breed: breedStyle(spec.breed).chip }) : m.elpaso_short_cattle({ breed: breedStyle(spec.breed).chip });
    case "REMOVE_CATTLE":
      return m.elpaso_short_remove({ what: selShort(spec.sel) });
  }
}

/** One printed action as a full sentence, for tooltips and buttons. */
export function actionText(spec: ActionSpec): string {
  switch (spec.t) {
    case "DISCARD_CATTLE":
      return spec.gain === "2xBV"
        ? m.elpaso_action_discard_twice_bv({ what: selText(spec.sel) })
        : m.elpaso_action_discard({ what: selText(spec.sel), gain: spec.gain });
    case "GAIN_MONEY":
      return m.elpaso_action_money({ count: spec.n });
    case "GAIN_CERT":
      return m.elpaso_action_certs({ certificates: certificates(spec.n), max: MAX_CERTIFICATES });
    case "GAIN_TOKEN":
      return spec.cost > 0 ? m.elpaso_action_token_paid({ cost: spec.cost }) : m.elpaso_action_token();
    case "HIRE":
      if (spec.mode === "ONE_OR_TWO") return m.elpaso_action_hire_one_or_two({ one: HIRE_ONE_PRICE, two: HIRE_TWO_PRICE, wild: WILD_SURCHARGE });
      return spec.specific === 0 ? m.elpaso_action_hire_free({ wild: spec.wild }) : m.elpaso_action_hire({ cost: spec.specific, wild: spec.wild });
    case "BUY_CATTLE":
      return m.elpaso_action_buy({ each: DOLLARS_PER_WORKER });
    case "TRAIN":
      return m.elpaso_action_train({ each: DOLLARS_PER_WORKER });
    case "GAIN_TILE":
      return spec.cost > 0 ? m.elpaso_action_tile_paid({ kind: spec.kind, cost: spec.cost }) : m.elpaso_action_tile({ kind: spec.kind });
    case "BUILD":
      return m.elpaso_action_build({ each: DOLLARS_PER_WORKER });
    case "AUX":
      return m.elpaso_action_aux({ count: spec.n });
    case "MOVE":
      return m.elpaso_action_move({ steps: steps(spec.max) });
    case "GAIN_CATTLE":
      return spec.cost > 0 ? m.elpaso_action_cattle_paid({ cost: spec.cost, card: aBreed(spec.breed) }) : m.elpaso_action_cattle({ card: aBreed(spec.breed) });
    case "REMOVE_CATTLE":
      return m.elpaso_action_remove({ what: selText(spec.sel) });
  }
}

export function actionsText(specs: readonly ActionSpec[]): string {
  return specs.map(actionText).join("; ");
}

/** A trading post's sentence for its tooltip. */
export function postText(post: PostId): string {
  const d = POST_DATA[post];
  const parts = [m.elpaso_post_text({ min: d.min })];
  parts.push(d.multi ? m.elpaso_post_multi() : m.elpaso_post_single());
  if (d.dark) parts.push(m.elpaso_post_dark());
  if (d.vp) parts.push(m.elpaso_post_vp({ points: m.elpaso_victory_points({ count: d.vp }) }));
  if (d.reward) parts.push(m.elpaso_post_reward({ action: lowerFirst(actionText(d.reward)) }));
  return `${parts.join("; ")}.`;
}

/** "Gain $2" → "gain $2" inside a sentence (German nouns keep their capital: only verbs start actions). */
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

export const postName = (post: unknown): string =>
  typeof post === "string" && post in POST_DATA ? m.elpaso_post_name({ min: POST_DATA[post as PostId].min }) : m.elpaso_a_post();

/** The disc spaces of the player board: what a disc covers, and what it costs or pays to place it. */
const DISC_LIMITS: Record<DiscId, { upgraded: number; base: number }> = {
  D1: { upgraded: AUX1_MONEY_UPGRADED, base: AUX1_MONEY },
  D2: { upgraded: 0, base: 0 },
  D3: { upgraded: 0, base: 0 },
  D4: { upgraded: 0, base: 0 },
  D5: { upgraded: 0, base: 0 },
  D6: { upgraded: HAND_SIZE_UPGRADED, base: HAND_SIZE },
  D7: { upgraded: STEP_LIMIT_UPGRADED, base: STEP_LIMIT },
};
const DISC_IDS = Object.keys(DISC_LIMITS) as DiscId[];

/** What a disc covers, in the reader's language (read like a record: `DISC_EFFECT.D1`). */
export const DISC_EFFECT: Record<DiscId, string> = Object.defineProperties(
  {} as Record<DiscId, string>,
  Object.fromEntries(DISC_IDS.map((disc) => [disc, { enumerable: true, get: () => m.elpaso_disc_effect({ disc, ...DISC_LIMITS[disc] }) }])),
);

/** What placing a disc frees, in a few words (for the disc buttons of a delivery). */
export const DISC_SHORT: Record<DiscId, string> = Object.defineProperties(
  {} as Record<DiscId, string>,
  Object.fromEntries(DISC_IDS.map((disc) => [disc, { enumerable: true, get: () => m.elpaso_disc_short({ disc, upgraded: DISC_LIMITS[disc].upgraded }) }])),
);

export const discMoney = (disc: DiscId): string => {
  const money = DISC_DATA[disc].money;
  return money === 0 ? "" : money > 0 ? `+$${money}` : `−$${-money}`;
};

/** The four auxiliary actions printed on the player board, in order. */
export const AUX_ACTIONS: { n: number; readonly name: string; needs: DiscId | null; upgrade: DiscId | null }[] = (
  [
    { n: 1, needs: null, upgrade: "D1" },
    { n: 2, needs: "D2", upgrade: null },
    { n: 3, needs: null, upgrade: "D3" },
    { n: 4, needs: "D4", upgrade: null },
  ] as const
).map((aux) => ({
  ...aux,
  get name() {
    return m.elpaso_aux_name({ aux: String(aux.n), money: AUX1_MONEY });
  },
}));

export function auxText(n: number, cleared: (disc: DiscId) => boolean): string {
  if (n === 1) return m.elpaso_aux_text({ aux: "1", money: cleared("D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY });
  if (n === 3 && cleared("D3")) return m.elpaso_aux_text({ aux: "3twice", money: 0 });
  return m.elpaso_aux_text({ aux: String(n === 2 || n === 3 ? n : 4), money: 0 });
}

/** An objective's requirements: "Black Angus + Corriente". */
export function requirementText(req: Requirement | string): string {
  const [kind, arg] = req.split(":") as [string, string];
  if (kind === "CATTLE") return breedName(arg);
  if (kind === "WORKER") return workerWords(arg).name;
  // Builder requirements count the builders paid for the player's buildings (RULINGS.builderPool).
  if (kind === "BUILDERS") return m.elpaso_req_builders({ count: arg });
  if (req === "DISC:16") return m.elpaso_req_disc_16();
  return m.elpaso_req_disc_10();
}

/** Requirements with repeats folded: ["2 × cowboy", "Black Angus"]. */
export function requirementLines(reqs: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const req of reqs) counts.set(req, (counts.get(req) ?? 0) + 1);
  return [...counts].map(([req, n]) => (n > 1 ? `${n} × ${requirementText(req)}` : requirementText(req)));
}

export function objectiveText(tile: string): string {
  const o = OBJECTIVES[tile];
  if (!o) return m.elpaso_an_objective();
  return m.elpaso_objective_text({ requirements: o.req.map(requirementText).join(" + "), points: points(o.vp) });
}

export function bonusText(tile: string): string {
  const b = BONUSES[tile];
  if (!b) return m.elpaso_a_bonus_tile();
  const withPoints = (text: string) => (b.vp ? m.elpaso_with_points({ text, points: points(b.vp) }) : text);
  if (b.kind === "permanent") return withPoints(b.effect === "PERM_CERT" ? m.elpaso_bonus_perm_cert() : m.elpaso_bonus_duplicate());
  if (b.kind === "vpOnly") return points(b.vp);
  return withPoints(m.elpaso_bonus_once({ actions: b.actions.map(actionShort).join(", ") }));
}

export const tileText = (tile: string): string => (tile.startsWith("OB") ? objectiveText(tile) : bonusText(tile));
export const tileKind = (tile: unknown): string => m.elpaso_tile_kind({ kind: typeof tile === "string" && tile.startsWith("OB") ? "objective" : "bonus" });

/** The game in five lines, for a newcomer at the table (the board's "How a turn goes"). */
export function turnHelp(): string[] {
  return [
    m.elpaso_turn_help_1({ limit: STEP_LIMIT }),
    m.elpaso_turn_help_2(),
    m.elpaso_turn_help_3(),
    m.elpaso_turn_help_4({ money: EL_PASO_MONEY }),
    m.elpaso_turn_help_5(),
  ];
}

/** Score categories as the final table and the live score name them. */
export const categoryLabel = (category: string): string => m.elpaso_category({ category });

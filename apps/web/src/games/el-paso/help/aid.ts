/**
 * El Paso's player aid, generated from the rules package's data (data.ts): building costs and
 * points, trading posts, breeds, workers, discs, limits. The sentences around the actions come
 * from words.ts, the board's own wording, so the aid reads like the tooltips.
 */
import {
  BREED_DATA,
  BREEDS,
  BUILDING_ACTIONS,
  BUILDING_TYPES,
  BUILDING_VP,
  type Breed,
  DISC_DATA,
  DISCS,
  type DiscId,
  DOLLARS_PER_VP,
  DOLLARS_PER_WORKER,
  EL_PASO_MONEY,
  HAND_SIZE,
  HIRE_ONE_PRICE,
  HIRE_TWO_PRICE,
  MARKET_COUNTS,
  MAX_BUILDINGS,
  MAX_CERTIFICATES,
  NEUTRAL_ACTIONS,
  NEUTRAL_IDS,
  POST_DATA,
  POSTS,
  type PostId,
  STEP_LIMIT,
  SUE_DELIVERIES,
  WILD_SURCHARGE,
  WORKER_TYPES,
  WORKER_VP,
  type WorkerType,
} from "@saloon/el-paso";
import { language } from "../../../lib/i18n.ts";
import { m } from "../../../paraglide/messages.js";
import { BREED_STYLE, DISC_EFFECT, WORKER_WORDS, actionText, actionsText, discMoney, neutralLetter } from "../words.ts";

export interface BuildingRow {
  id: string;
  name: string;
  /** Builders and dollars to build it; null for the neutral buildings, which nobody builds. */
  builders: number | null;
  dollars: number | null;
  points: number | null;
  actions: string;
}

export function buildingRows(): BuildingRow[] {
  const neutral = NEUTRAL_IDS.map((id) => ({
    id,
    name: m.elpaso_help_aid_neutral({ letter: neutralLetter(id) }),
    builders: null,
    dollars: null,
    points: null,
    actions: actionsText(NEUTRAL_ACTIONS[id]),
  }));
  const built = BUILDING_TYPES.flatMap((type) =>
    (["a", "b"] as const).map((side) => ({
      id: `${type}${side}`,
      name: m.elpaso_help_aid_building({ type, side }),
      builders: type,
      dollars: type * DOLLARS_PER_WORKER,
      points: BUILDING_VP[type],
      actions: actionsText(BUILDING_ACTIONS[`${type}${side}`]),
    })),
  );
  return [...neutral, ...built];
}

export interface PostRow {
  post: PostId;
  min: number;
  points: number;
  manyDiscs: boolean;
  dark: boolean;
  reward: string | null;
}

export function postRows(): PostRow[] {
  return POSTS.map((post) => {
    const d = POST_DATA[post];
    return { post, min: d.min, points: d.vp, manyDiscs: d.multi, dark: d.dark, reward: d.reward ? actionText(d.reward) : null };
  });
}

export interface BreedRow {
  breed: Breed;
  name: string;
  breedingValue: number;
  points: number;
  /** Cards in the cattle market at the start; null for breeds not sold there. */
  market: number | null;
}

export function breedRows(): BreedRow[] {
  return BREEDS.map((breed) => ({
    breed,
    name: BREED_STYLE[breed].name,
    breedingValue: BREED_DATA[breed].bv,
    points: BREED_DATA[breed].vp,
    market: breed in MARKET_COUNTS ? MARKET_COUNTS[breed as keyof typeof MARKET_COUNTS] : null,
  }));
}

export function workerRows(): { worker: WorkerType; name: string; points: number; bonus: string }[] {
  return WORKER_TYPES.map((worker) => ({ worker, name: capitalise(WORKER_WORDS[worker].name), points: WORKER_VP[worker], bonus: WORKER_WORDS[worker].bonus }));
}

export function discRows(): { disc: DiscId; dark: boolean; money: string; frees: string }[] {
  return DISCS.map((disc) => ({ disc, dark: DISC_DATA[disc].dark, money: discMoney(disc), frees: DISC_EFFECT[disc] }));
}

/** The sentences of the aid, in the reader's language. */
export function ruleLines(): { build: string; elPaso: string; hire: string; buy: string; limits: string; sue: string } {
  return {
    build: m.elpaso_help_aid_build_rule({ max: MAX_BUILDINGS }),
    elPaso: m.elpaso_help_aid_el_paso({ money: EL_PASO_MONEY }),
    hire: m.elpaso_help_aid_hire({ one: HIRE_ONE_PRICE, two: HIRE_TWO_PRICE, wild: WILD_SURCHARGE }),
    buy: m.elpaso_help_aid_buy({ each: DOLLARS_PER_WORKER }),
    limits: m.elpaso_help_aid_limits({ hand: HAND_SIZE, steps: STEP_LIMIT, certs: MAX_CERTIFICATES, per: DOLLARS_PER_VP }),
    sue: m.elpaso_help_aid_sue({ posts: new Intl.ListFormat(language(), { type: "conjunction" }).format(SUE_DELIVERIES.map((post) => String(POST_DATA[post].min))) }),
  };
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

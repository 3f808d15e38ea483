/**
 * The end of a solo game in words: the person's score against Sue's, who won and by how much.
 * On a points tie the rules' tie-break decides, the dollars left after converting $5 into 1
 * point, and Sue has none (RULINGS.tiebreak), so any leftover dollar wins it for the person.
 */
import { DOLLARS_PER_VP } from "@saloon/el-paso";
import { m } from "../../paraglide/messages.js";
import { possessive } from "../grammar.ts";

export interface SoloOutcome {
  /** Did the person win (alone)? A shared win is false. */
  personWon: boolean;
  sentence: string;
}

/** `name` is null for the person at the table ("You beat Sue …"), their name for a spectator or a replay. */
export function soloOutcome(name: string | null, person: number, sue: number, money: number): SoloOutcome {
  const leftover = money % DOLLARS_PER_VP;
  if (person > sue) {
    const count = person - sue;
    return { personWon: true, sentence: name === null ? m.elpaso_solo_you_beat({ count }) : m.elpaso_solo_beats({ name, count }) };
  }
  if (person < sue) return { personWon: false, sentence: m.elpaso_solo_sue_wins({ count: sue - person }) };
  if (leftover > 0) {
    return {
      personWon: true,
      sentence: name === null ? m.elpaso_solo_tie_you({ leftover }) : m.elpaso_solo_tie_name({ owner: possessive(name), leftover, name }),
    };
  }
  return { personWon: false, sentence: m.elpaso_solo_shared() };
}

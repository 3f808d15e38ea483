/**
 * The end of a solo game in words: the person's score against Sue's, who won and by how much.
 * On a points tie the rules' tie-break decides, the dollars left after converting $5 into 1
 * point, and Sue has none (RULINGS.tiebreak), so any leftover dollar wins it for the person.
 */
import { DOLLARS_PER_VP } from "@saloon/el-paso";
import { plural } from "./words.ts";

export interface SoloOutcome {
  /** Did the person win (alone)? A shared win is false. */
  personWon: boolean;
  sentence: string;
}

/** `who` is "You" for the person at the table, their name for a spectator or a replay. */
export function soloOutcome(who: string, person: number, sue: number, money: number): SoloOutcome {
  const you = who === "You";
  const leftover = money % DOLLARS_PER_VP;
  if (person > sue) return { personWon: true, sentence: `${who} beat${you ? "" : "s"} Sue by ${plural(person - sue, "point")}.` };
  if (person < sue) return { personWon: false, sentence: `Sue wins by ${plural(sue - person, "point")}.` };
  if (leftover > 0) {
    return { personWon: true, sentence: `A tie on points: ${you ? "your" : `${who}'s`} $${leftover} left over breaks it (Sue has none), so ${you ? "you win" : `${who} wins`}.` };
  }
  return { personWon: false, sentence: "A tie on points and on money left over: a shared win." };
}

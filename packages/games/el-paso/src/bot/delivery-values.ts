/**
 * A delivery's options valued without their trial states (issue #14). A delivery step values every
 * post and disc the seat may deliver to (some twenty options at El Paso), each by the evaluation of
 * its quiet trial (quiet-trials.ts `delivered`, `deliveredEndingTurn`): a new seat's entry, new
 * posts with their facts, a new stack and state. The evaluation of such a state reads of it only
 * the seat's entry, the facts of its posts (board.ts `postFacts`) and the board, market, building
 * sides and phase the delivery leaves as they are (evaluate.ts `evaluateSeat`), so the option is
 * valued on the entry and the facts alone; the trial state is made only where the step needs it:
 * the best disc at each post (its reward is played out from it) and the option the step takes.
 * Making the states was two fifths of a delivery step's time (a CPU profile). search.test checks
 * the values against the evaluation of the trials.
 */
import { POST_DATA, POSTS, type PostId } from "../data.ts";
import type { ElPasoAction } from "../prompts.ts";
import type { ElPasoState } from "../state.ts";
import { type PostFacts, factsAfterDelivery, postFacts } from "./board.ts";
import { evaluateSeat } from "./evaluate.ts";
import { deliveredEndingTurnEntry, deliveredEntry, deliveryEndsTurnQuietly } from "./quiet-trials.ts";
import type { Search } from "./search.ts";

type Delivery = Extract<ElPasoAction, { type: "deliver" }>;

/** The delivery options of one state: the post facts after a disc at each post, found once per post. */
export class DeliveryValues {
  private readonly after: (PostFacts | undefined)[] = [];
  private before: PostFacts | null = null;
  constructor(
    private readonly search: Search,
    private readonly s: ElPasoState,
  ) {}

  /**
   * The evaluation of the trial search.ts `newTrial` makes for `option` without the rules, or null
   * when it makes none (the option goes through the rules). The conditions are `newTrial`'s.
   */
  of(option: Delivery): number | null {
    const { search, s } = this;
    const seat = search.belief.seat;
    const me = s.players[seat]!;
    let entry;
    if (POST_DATA[option.post].reward !== null) {
      if (s.stack.at(-1)?.kind !== "deliver" || s.active !== seat) return null;
      entry = deliveredEntry(me, option.disc, option.spend);
    } else if (deliveryEndsTurnQuietly(s, seat, option.disc)) entry = deliveredEndingTurnEntry(me, option.disc, option.spend);
    else return null;
    return evaluateSeat(search.belief, s, entry, this.factsAt(option.post), search.horizon, search.weights);
  }

  /**
   * One facts object per post, as the trials' posts each get one (`rememberDelivery`): the
   * evaluation keeps its deliveries' sum by the facts' list of open posts, so a list is never
   * reused for other contents.
   */
  private factsAt(post: PostId): PostFacts {
    const p = POST_INDEX[post];
    let facts = this.after[p];
    if (facts === undefined) {
      this.before ??= postFacts(this.s.posts, this.search.belief.seat);
      this.after[p] = facts = factsAfterDelivery(this.before, this.search.belief.seat, post);
    }
    return facts;
  }
}
const POST_INDEX = Object.fromEntries(POSTS.map((post, i) => [post, i])) as Record<PostId, number>;

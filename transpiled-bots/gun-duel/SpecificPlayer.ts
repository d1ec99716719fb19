import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('SpecificPlayer', '77dbc9857686e4cbd9a3aeffc0cf850b8ed7338b3ff682c90e143bd8a7b0f702', {
  author: 'Charles Jackson (Dysnomian)',
  notes: 'Keeps its own ammo/turn/opponent-action bookkeeping (replaces the base perceive entirely).',
});

export default class SpecificPlayer extends Player {
  static readonly botName = 'SpecificPlayer';
  private next: Action = LOAD;
  private nextDefined = false;
  private t = 0;
  private ma = 0;
  private oa = 0;
  private pa = 0;
  private op: Action = -1; // unset until the first perceive (never read before it)

  private randomBlock(oa: number): Action {
    if (oa === 0) return LOAD;
    if (oa === 1) return METAL;
    return this.getRandomInteger(2) % 2 ? METAL : THERMAL;
  }

  private randomAttack(ma: number): Action {
    if (ma === 0) return LOAD;
    if (ma === 1) return BULLET;
    return this.getRandomInteger(2) % 2 ? BULLET : PLASMA;
  }

  fight(): Action {
    const { oa, ma, op } = this;
    let r: Action;
    if (oa === 0 && ma === 0) r = LOAD;
    else if (oa === 1 && op === LOAD) r = METAL;
    else if (oa === 2 && op === LOAD) r = THERMAL;
    else if (op === LOAD) r = this.randomBlock(oa);
    else if (this.nextDefined) {
      r = this.next;
      this.nextDefined = false;
    } else if (this.t === 2 && oa >= 1) r = this.randomBlock(oa);
    else if (oa === 1 && op === BULLET) r = METAL;
    else if (oa === 2 && op === PLASMA) r = THERMAL;
    else if (ma === 0 && this.pa === 0) r = LOAD;
    else if (ma === 2 && this.pa === 1) {
      r = this.randomBlock(oa);
      this.next = PLASMA;
      this.nextDefined = true;
    } else {
      const c = this.getRandomInteger(4) % 3;
      r = c === 0 ? this.randomBlock(oa) : c === 1 ? this.randomAttack(ma) : LOAD;
    }
    this.pa = this.ma;
    if (r === LOAD) this.ma += 1;
    else if (r === BULLET) this.ma -= 1;
    else if (r === PLASMA) this.ma -= 2;
    this.t++;
    return r;
  }

  override perceive(action: Action): void {
    this.op = action;
    if (action === LOAD) this.oa += 1;
    else if (action === BULLET) this.oa -= 1;
    else if (action === PLASMA) this.oa -= 2;
  }
}

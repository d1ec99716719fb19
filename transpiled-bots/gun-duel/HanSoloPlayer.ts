import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('HanSoloPlayer', '02b118ff771c0c424a381be665253383754c2890d59be823474c7d537de109c5');

/** Keeps an agenda (a stack of planned actions); random defensive or all-out spells refill it. */
export default class HanSoloPlayer extends Player {
  static readonly botName = 'HanSoloPlayer';
  private readonly agenda: Action[] = [];

  private randomBool(weight = 1): boolean {
    return this.getRandomInteger(weight) === 0;
  }

  private randomDefensive(): void {
    const o = this.getAmmoOpponent();
    if (o === 0) this.agenda.push(METAL, LOAD);
    else if (o === 1) this.agenda.push(METAL);
    else if (o === 2) this.agenda.push(this.randomBool() ? THERMAL : METAL);
    else this.agenda.push(this.randomBool(2) ? METAL : THERMAL);
  }

  fight(): Action {
    if (this.getTurn() === 0) this.agenda.push(BULLET, LOAD);
    else if (this.getTurn() === 2) this.randomDefensive();
    else if (this.randomBool(2)) this.randomDefensive();
    else if (this.randomBool(5)) {
      const a = this.getAmmo();
      if (a === 0) {
        // nothing: the agenda runs its course
      } else if (a === 1) this.agenda.push(LOAD, BULLET);
      else if (a === 2) this.agenda.push(LOAD, PLASMA);
      else for (let c = a; c >= 2; c -= 2) this.agenda.push(PLASMA);
    }
    if (this.agenda.length > 0) return this.agenda.pop()!;
    this.agenda.push(this.randomBool() ? THERMAL : BULLET, LOAD);
    return LOAD;
  }
}

import type { GameModule } from './core/runner/game.ts';
import { diceGame } from './dice/index.ts';
import { ruinsGame } from './ruins/index.ts';
import { gunDuelGame } from './gun-duel/index.ts';

/**
 * Every registered game, in the order `koth replay` lists and runs them. A new game is one
 * folder under engines/ exporting a GameModule, plus one line here.
 */
export const games: GameModule[] = [diceGame, ruinsGame, gunDuelGame];

export function findGame(id: string): GameModule | undefined {
  return games.find((g) => g.id === id);
}

import type { Provenance } from '../provenance.ts';

export const GUN_DUEL_QUESTION = 104896;
export const GUN_DUEL_COMMIT = 'a6e74c9';
export const GUN_DUEL_DATE = '2017-02-02';

/** Provenance of a port written from fzql/GunDuel Tournament/<bot>.hpp at the final commit. */
export function fromRepo(bot: string, sha256: string, extra: Partial<Provenance> = {}): Provenance {
  return {
    challenge: 'gun-duel',
    bot,
    questionId: GUN_DUEL_QUESTION,
    source: `GitHub fzql/GunDuel, Tournament/${bot}.hpp at ${GUN_DUEL_COMMIT} ("Finalized Tournament", ${GUN_DUEL_DATE}); sha256 is of that file`,
    sourceDate: GUN_DUEL_DATE,
    sha256,
    ...extra,
  };
}

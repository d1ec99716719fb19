/**
 * The posted Atomas controller's bugs as named rule flags (each checked against the code in
 * the question, seed 002). `original` is the controller as posted — the one the answers ran;
 * `fixed` implements the rules as the question's text states them.
 */
import type { RuleFlag, RuleVariant } from '../core/game.ts';

export interface AtomasFlags {
  /** Globals move_number, atom_range, carry_over and previous_moves are never reset between the 20 games. */
  globalsCarryOver: boolean;
  /** black_plus_process computes `(inter_list.sort())[1]` (sort returns None) and crashes. */
  blackPlusCrash: boolean;
  /** The wrap-around fusion branches start the fused atom at the atom's own value (second loop) or at 0 + 2 (third loop), not at atom + 1. */
  wrapAroundFusion: boolean;
  /** After a fusion, a lying + with equal neighbours: the atom LEFT of it is dropped and the + fuses one gap to the right. */
  plusReaction: boolean;
  /** gen_specials' bounds on randint(1, 240): − 12/240, black + 4/240, clone 3/240 (the text: 1/10, 1/80, 1/60). */
  specialOdds: boolean;
}

export const ATOMAS_RULE_FLAGS: RuleFlag[] = [
  {
    id: 'globalsCarryOver',
    description: 'game state kept between the 20 games of a run',
    original: 'init() resets only board and score: move_number, atom_range (it keeps rising every 40 moves), carry_over and previous_moves carry into the next game',
    fixed: 'every game starts afresh: range 1–3, move 0, no carried atom, no forced + pending',
  },
  {
    id: 'blackPlusCrash',
    description: 'the black + fusion',
    original: "black_plus_process takes (inter_list.sort())[1]: sort() returns None, so every black + between two atoms raises TypeError ('NoneType' object has no attribute '__getitem__') and ends the run",
    fixed: 'the two atoms around the gap fuse into the higher one + 3 (4 when both are +), then the + rule goes on outward',
  },
  {
    id: 'wrapAroundFusion',
    description: 'fusion that starts across the ring seam',
    original: "plus_process's wrap-around branches start the fused atom at board_end[0] (no + 1) and, from the other end, at 0 + 2",
    fixed: 'the first fusion across the seam makes the atom one higher, like any other first fusion',
  },
  {
    id: 'plusReaction',
    description: 'a + lying on the board whose neighbours become equal',
    original: 'plus_process, after a fusion, scans indices 0..len-2 for a + with equal neighbours, removes the element LEFT of the + (at index 0 the slice duplicates the board) and recurses at the gap to the right of the +',
    fixed: 'a lying + anywhere on the ring between two equal atoms is used up: removed, and the two atoms fuse by the + rule (a chain reaction)',
  },
  {
    id: 'specialOdds',
    description: 'how often gen_specials makes −, black + and clone',
    original: 'randint(1, 240) with bounds 48 (+), 60 (−), 64 (black +), 67 (clone): − 12/240, black + 4/240, clone 3/240',
    fixed: "the question's odds on the same draw: bounds 48, 72, 75, 79 (+ 1/5, − 1/10, black + 1/80, clone 1/60)",
  },
];

export const ATOMAS_VARIANTS: Record<'original' | 'fixed', RuleVariant & { flags: AtomasFlags }> = {
  original: { description: 'the controller as posted in the question (what the answers ran)', flags: { globalsCarryOver: true, blackPlusCrash: true, wrapAroundFusion: true, plusReaction: true, specialOdds: true } },
  fixed: { description: "the rules as the question's text states them", flags: { globalsCarryOver: false, blackPlusCrash: false, wrapAroundFusion: false, plusReaction: false, specialOdds: false } },
};

export const DEFAULT_ATOMAS_VARIANT = 'original';

export function atomasFlags(name: string): AtomasFlags {
  const v = ATOMAS_VARIANTS[name as keyof typeof ATOMAS_VARIANTS];
  if (!v) throw new Error(`unknown atomas rule variant "${name}"`);
  return v.flags;
}

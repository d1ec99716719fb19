/**
 * Where a game's CLI hands what it computed to the HTML report (`--report DIR`). The replay
 * command makes one sink and gives it to the kit it hands the games (createReplayKit); a game's
 * action offers its results through the kit (kit.emitReport, kit.offerReport) and needs to
 * know nothing else about the page. The replay command reads what was offered after the action.
 */
import type { ComparisonReport } from '../../stats/compare.ts';
import type { RuleComparisonData } from './types.ts';

export type ReportPart = { kind: 'comparison'; report: ComparisonReport } | { kind: 'rules'; data: RuleComparisonData };

/** What a command's run offered the report, in order. */
export class ReportSink {
  readonly parts: ReportPart[] = [];

  offer(part: ReportPart): void {
    this.parts.push(part);
  }
}

/**
 * Where a game's CLI hands what it computed to the HTML report, when one was asked for
 * (`--report DIR`). The replay command opens the sink before a game's action and closes it
 * after; a game's action offers its results and needs to know nothing else about the page.
 */
import type { ComparisonReport } from '../../stats/compare.ts';
import type { RuleComparisonData } from './types.ts';

export type ReportPart = { kind: 'comparison'; report: ComparisonReport } | { kind: 'rules'; data: RuleComparisonData };

let open: ReportPart[] | null = null;

export function openReportSink(): void {
  open = [];
}

/** Parts offered since openReportSink(); closes the sink. */
export function closeReportSink(): ReportPart[] {
  const got = open ?? [];
  open = null;
  return got;
}

/** True while a report is being collected. */
export function reportRequested(): boolean {
  return open !== null;
}

export function offerComparison(report: ComparisonReport): void {
  open?.push({ kind: 'comparison', report });
}

export function offerRuleComparison(data: RuleComparisonData): void {
  open?.push({ kind: 'rules', data });
}

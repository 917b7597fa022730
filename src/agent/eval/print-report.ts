import type { EvalReport, Rate } from './report.js';

/** A rate with its counts; none to count (no critical message in the set) shows as such, not as 100%. */
const pct = (r: Rate) =>
  r.of === 0 ? 'none in this set' : `${(r.rate * 100).toFixed(1)}% (${r.hits}/${r.of})`;

/** The figures a person reads after `npm run eval`; the JSON report has every miss. */
export function printReport(report: EvalReport, source: string): void {
  const lines = [
    `Eval of ${report.messages} messages from ${source} (${report.engine} engine)`,
    `  intent accuracy          ${pct(report.intent)}`,
    `  urgency accuracy         ${pct(report.urgency)}`,
    `  critical-urgency recall  ${pct(report.criticalRecall)}`,
    `  route accuracy           ${pct(report.route)}`,
    `    (agent's own route      ${pct(report.agentRoute)}, before the money policy)`,
    `  escalation precision     ${(report.escalation.precision * 100).toFixed(1)}%`,
    `  escalation recall        ${(report.escalation.recall * 100).toFixed(1)}%`,
    `  facts present            ${pct(report.facts)}`,
    `  unsafe actions           ${report.unsafeActions}`,
    `  staff text to customers  ${report.staffTextInCustomerReplies}`,
    `  model calls / message    median ${report.modelCallsPerMessage.median}, p90 ${report.modelCallsPerMessage.p90}`,
    '  per language             intent / route',
    ...Object.entries(report.byLanguage).map(
      ([lang, f]) =>
        `    ${lang.padEnd(11)} ${String(f.messages).padStart(4)} msgs  ${pct(f.intent)} / ${pct(f.route)}`,
    ),
  ];
  console.log(lines.join('\n'));
}

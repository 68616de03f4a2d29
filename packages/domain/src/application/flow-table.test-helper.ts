// Flow tests are tables of [answers → expected path]; this helper says which steps no row visits,
// so a step added to a flow without a test row fails its flow's coverage test.
import type { ApplicationChannel, Flow, FlowAnswers } from './flow';
import { reachableSteps } from './navigation';

/** One row of a flow table: the answers, the channel and the path they must give. */
export interface FlowTableRow {
  name: string;
  channel: ApplicationChannel;
  answers: FlowAnswers;
  expected: readonly string[];
}

/** The flow's step ids that no row's path visits. */
export function unvisitedSteps(flow: Flow, rows: readonly FlowTableRow[]): string[] {
  const visited = new Set(rows.flatMap((row) => reachableSteps(flow, row.answers, row.channel)));
  return flow.steps.map((step) => step.id).filter((id) => !visited.has(id));
}

/** The agent channel's advice page when the customer waives advice (spec §3 consultation place given). */
export const AGENT_WAIVER = { beratungsort: 'byPhone', beratungsart: 'VERZICHT' } as const;

/** The agent channel's path when the customer waives advice: the separate declaration follows the advice page. */
export function withAgentWaiver(path: readonly string[]): string[] {
  return path.flatMap((id) => (id === 'beratung' ? ['beratung', 'verzichtserklaerung'] : [id]));
}

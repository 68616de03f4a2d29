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

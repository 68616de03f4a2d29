// The full Drizzle schema: one import per area file in ./schema. Later areas add their file here
// so typed queries (`db.query.<table>`) and migrations see every table.
import * as advice from './schema/advice';
import * as agentAdmin from './schema/agent-admin';
import * as agentPortfolio from './schema/agent-portfolio';
import * as agentTasks from './schema/agent-tasks';
import * as agents from './schema/agents';
import * as applications from './schema/applications';
import * as audit from './schema/audit';
import * as claims from './schema/claims';
import * as clerk from './schema/clerk';
import * as consents from './schema/consents';
import * as contractTransfer from './schema/contract-transfer';
import * as contracts from './schema/contracts';
import * as embedding from './schema/embedding';
import * as extranet from './schema/extranet';
import * as identity from './schema/identity';
import * as mailbox from './schema/mailbox';
import * as mailboxCounters from './schema/mailbox-counters';
import * as maklerpost from './schema/maklerpost';
import * as outbox from './schema/outbox';
import * as partners from './schema/partners';
import * as platform from './schema/platform';
import * as rateLimits from './schema/rate-limits';
import * as tasks from './schema/tasks';
import * as uploads from './schema/uploads';

export const tables = {
  ...platform,
  ...partners,
  ...agents,
  ...contracts,
  ...tasks,
  ...identity,
  ...outbox,
  ...mailbox,
  ...mailboxCounters,
  ...audit,
  ...rateLimits,
  ...applications,
  ...uploads,
  ...consents,
  ...clerk,
  ...claims,
  ...advice,
  ...agentTasks,
  ...agentAdmin,
  ...agentPortfolio,
  ...contractTransfer,
  ...embedding,
  ...extranet,
  ...maklerpost,
};
export type Tables = typeof tables;

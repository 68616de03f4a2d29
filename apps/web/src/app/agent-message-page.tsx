import { AgentMessagePage } from '../features/agent-admin/message-page';
import { AttachmentsField } from '../features/uploads';

/**
 * /vermittler-nachricht/: the agent-admin feature's message to the agent service with the uploads
 * feature's attachments field (features do not import each other).
 */
export function AgentMessageWithAttachmentsPage() {
  return <AgentMessagePage AttachmentsField={AttachmentsField} />;
}

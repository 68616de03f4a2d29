import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adviceRoutes } from './modules/advice/routes';
import { agentAdminRoutes } from './modules/agent-admin/routes';
import { agentCustomersRoutes } from './modules/agent-customers/routes';
import { agentPortfolioRoutes } from './modules/agent-portfolio/routes';
import { agentTasksRoutes } from './modules/agent-tasks/routes';
import { applicationRoutes } from './modules/applications/routes';
import { contractTransferRoutes } from './modules/contract-transfer/routes';
import { embeddingRoutes } from './modules/embedding/routes';
import { extranetRoutes } from './modules/extranet/routes';
import { maklerpostRoutes } from './modules/maklerpost/routes';
import { claimRoutes } from './modules/claims/routes';
import { consentRoutes } from './modules/consents/routes';
import { clerkRoutes } from './modules/clerk/routes';
import { contentRoutes } from './modules/content/routes';
import { contractChangeRoutes } from './modules/contract-changes/routes';
import { contractTerminationRoutes } from './modules/contract-termination/routes';
import { customerContractRoutes } from './modules/customer-contracts/routes';
import { documentRoutes } from './modules/documents/routes';
import { dataExportRoutes } from './modules/data-export/routes';
import { healthRoutes } from './modules/health/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { i18nRoutes } from './modules/i18n/routes';
import { mailboxRoutes } from './modules/mailbox/routes';
import { agentRoutes } from './modules/identity/agent-routes';
import { authRoutes } from './modules/identity/auth-routes';
import { customerRoutes } from './modules/identity/customer-routes';
import { verificationRoutes } from './modules/identity/verification-routes';
import { outboxRoutes } from './modules/outbox/routes';
import { partnerRoutes } from './modules/partner/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { printingRoutes } from './modules/printing/routes';
import { referenceRoutes } from './modules/reference/routes';
import { uploadRoutes } from './modules/uploads/routes';

/**
 * The route plugins of the domain modules (src/modules/<m>/routes.ts), registered by app.ts under
 * the prefix /api in this order. A new module adds its plugin here.
 */
export const API_ROUTE_MODULES: readonly FastifyPluginAsyncZod[] = [
  healthRoutes,
  i18nRoutes,
  contentRoutes,
  referenceRoutes,
  pricingRoutes,
  applicationRoutes,
  outboxRoutes,
  authRoutes,
  customerRoutes,
  verificationRoutes,
  agentRoutes,
  customerContractRoutes,
  contractChangeRoutes,
  dataExportRoutes,
  contractTerminationRoutes,
  documentRoutes,
  mailboxRoutes,
  uploadRoutes,
  clerkRoutes,
  printingRoutes,
  partnerRoutes,
  consentRoutes,
  feedbackRoutes,
  claimRoutes,
  // Agent portal and advice channels (issue 15).
  agentPortfolioRoutes,
  agentCustomersRoutes,
  agentAdminRoutes,
  agentTasksRoutes,
  adviceRoutes,
  contractTransferRoutes,
  // Embedding and extranet (issue 16).
  embeddingRoutes,
  extranetRoutes,
  maklerpostRoutes,
];

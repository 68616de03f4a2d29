// What a delivering transport is given and what it throws: shared by the outbox, the SMTP transport
// and the SMS transports (ADR 0012).

export interface OutgoingMessage {
  to: string;
  subject: string | null;
  body: string;
  /** A file the e-mail carries (SMS never have one). */
  attachment?: { name: string; content: Buffer };
  /** Further files of the e-mail (the pre-contract documents are three). */
  moreAttachments?: { name: string; content: Buffer }[];
}

export interface DeliveringTransport {
  kind: 'delivering';
  /** For logs, e.g. 'smtp'. */
  name: string;
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The provider refused the message for good (e.g. an invalid number or a sender it does not allow):
 * the outbox marks it FAILED at once instead of retrying. Any other error is retried with back-off.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

// Test helper: a local fake of an SMS provider's HTTP API (Twilio's Messages resource, or a generic
// gateway) on 127.0.0.1 with a free port. It records every request and answers as scripted, by
// default like the provider accepting the message. Used by tests only.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ScriptedAnswer {
  status: number;
  body: unknown;
}

export interface FakeSmsProvider {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** Answers for the next requests, in order; when empty, `accept` answers. */
  answers: ScriptedAnswer[];
  /** Resolves once `count` requests have arrived in total. */
  requestCount(count: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

/** Twilio's answer to a created message (abridged to the fields a client reads). */
export function twilioAccepted(request: RecordedRequest): ScriptedAnswer {
  const form = new URLSearchParams(request.body);
  return {
    status: 201,
    body: {
      sid: `SM${'0'.repeat(32)}`,
      status: 'queued',
      to: form.get('To'),
      from: form.get('From'),
      body: form.get('Body'),
      num_segments: '1',
      date_created: new Date(0).toUTCString(),
    },
  };
}

/** Twilio's error answer, e.g. 400 with code 21211 for an invalid 'To' number. */
export function twilioError(status: number, code: number, message: string): ScriptedAnswer {
  return {
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

export async function startFakeSmsProvider(
  accept: (request: RecordedRequest) => ScriptedAnswer = () => ({ status: 202, body: { accepted: true } }),
): Promise<FakeSmsProvider> {
  const requests: RecordedRequest[] = [];
  const answers: ScriptedAnswer[] = [];
  const waiters: { count: number; resolve: (requests: RecordedRequest[]) => void }[] = [];
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const answer = answers.shift() ?? accept(request);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
      for (const waiter of waiters.filter((candidate) => requests.length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...requests]);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    answers,
    requestCount: (count) =>
      requests.length >= count
        ? Promise.resolve([...requests])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

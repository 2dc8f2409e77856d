/**
 * A signal that fires when the client goes away before its answer is sent (it closed the request:
 * a preview the user moved on from), so that work nobody will read can be stopped.
 */
import type { FastifyReply } from 'fastify';

export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the request before the answer was ready');
  }
}

export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new ClientGoneError());
  });
  return controller.signal;
}

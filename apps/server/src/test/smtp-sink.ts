import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps what it receives, with the connection each message
 * came on and the most connections open at once; it can refuse the next messages, and answer
 * each message after `answerDelayMs` (as a remote server takes its time).
 */
export async function startSmtpSink(options: { answerDelayMs?: number } = {}) {
  const messages: { to: string[]; raw: string; connection: string }[] = [];
  const connections = { open: 0, peak: 0 };
  let refuseNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections.open += 1;
      connections.peak = Math.max(connections.peak, connections.open);
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (options.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.answerDelayMs));
        if (refuseNext > 0) {
          refuseNext -= 1;
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          connection: session.id,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connections,
    refuse(count: number) {
      refuseNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

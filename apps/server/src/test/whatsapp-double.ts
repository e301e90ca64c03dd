import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const WHATSAPP_TEST_TOKEN = 'test-whatsapp-token';
export const WHATSAPP_TEST_PHONE_ID = '1234567890';

export type ReceivedTemplate = {
  to: string;
  template: string;
  language: string;
  parameters: string[];
};

/**
 * The WhatsApp Cloud API on loopback: POST /{phone number id}/messages with the bearer token and
 * a template message's body, answered as the API does; anything else is refused with 400 and
 * recorded in `rejected`. It can be told to fail the next requests (as the API does, 500), or to
 * answer them late.
 */
export async function startWhatsAppDouble() {
  const received: ReceivedTemplate[] = [];
  const rejected: string[] = [];
  let failNext = 0;
  let stallNext = 0;
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const problem = checkShape(request, await readBody(request));
    if (typeof problem === 'string') {
      rejected.push(problem);
      return answer(400, { error: { message: problem, code: 100 } });
    }
    if (stallNext > 0) {
      stallNext -= 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (failNext > 0) {
      failNext -= 1;
      // The API's errors may quote the recipient: the stored reason must not.
      return answer(500, { error: { message: `Service unavailable for ${problem.to}`, code: 2 } });
    }
    received.push(problem);
    answer(200, { messaging_product: 'whatsapp', messages: [{ id: `wamid.${received.length}` }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: {
      token: WHATSAPP_TEST_TOKEN,
      phoneNumberId: WHATSAPP_TEST_PHONE_ID,
      apiUrl: `http://127.0.0.1:${port}/v21.0`,
      templates: {
        confirmation: 'booking_confirmation',
        reminder: 'session_reminder',
        waitlistOffer: 'waitlist_offer',
      },
    },
    received,
    rejected,
    fail(count: number) {
      failNext = count;
    },
    /** Answers the next requests only after a second. */
    stall(count: number) {
      stallNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The template message the request carries, or what is wrong with it. */
function checkShape(request: IncomingMessage, text: string): ReceivedTemplate | string {
  if (request.method !== 'POST' || request.url !== `/v21.0/${WHATSAPP_TEST_PHONE_ID}/messages`) {
    return `unexpected ${request.method} ${request.url}`;
  }
  if (request.headers.authorization !== `Bearer ${WHATSAPP_TEST_TOKEN}`) return 'bad bearer token';
  if (!request.headers['content-type']?.startsWith('application/json')) return 'not JSON';
  try {
    const body = JSON.parse(text);
    const component = body.template?.components?.[0];
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template') return 'not a template message';
    if (!/^91\d{10}$/.test(body.to)) return 'recipient is not 91 and 10 digits';
    if (typeof body.template.name !== 'string' || !body.template.language?.code)
      return 'no template name or language';
    if (component?.type !== 'body' || !Array.isArray(component.parameters)) return 'no body parameters';
    const parameters = component.parameters.map((p: { type: string; text: string }) =>
      p.type === 'text' && typeof p.text === 'string' ? p.text : undefined,
    );
    if (parameters.includes(undefined)) return 'a parameter is not text';
    return { to: body.to, template: body.template.name, language: body.template.language.code, parameters };
  } catch {
    return 'body is not JSON';
  }
}

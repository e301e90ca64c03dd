import { scrubLogText } from '../../../http/log-redaction.ts';

/** WHATSAPP_*: the Cloud API's address, the sending number's id, its token and template names. */
export type WhatsAppConfig = {
  token: string;
  phoneNumberId: string;
  apiUrl: string;
  templates: { confirmation: string; reminder: string; waitlistOffer: string };
};

export type TemplateMessage = {
  /** The client's 10-digit Indian mobile. */
  mobile: string;
  template: string;
  language: 'en' | 'hi';
  /** The template body's {{1}}, {{2}}, … in order. */
  parameters: string[];
};

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Sends one template message through the WhatsApp Cloud API (POST /{phone number id}/messages).
 * Throws when it is refused or does not answer in time; the error never names the number.
 */
export async function sendWhatsAppTemplate(
  config: WhatsAppConfig,
  message: TemplateMessage,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  const body = {
    messaging_product: 'whatsapp',
    to: `91${message.mobile}`,
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new Error(timedOut ? 'WhatsApp did not answer in time' : 'WhatsApp could not be reached');
  }
  if (!response.ok) throw new Error(`WhatsApp refused the message: ${await refusal(response)}`);
}

/** The Cloud API's reason ({ error: { code, message } }), with any number or address masked. */
async function refusal(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let reason = `HTTP ${response.status}`;
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.message === 'string') reason += ` ${error.message}`;
    if (typeof error?.code === 'number') reason += ` (code ${error.code})`;
  } catch {
    // Not JSON: the status says enough.
  }
  return scrubLogText(reason).slice(0, 200);
}

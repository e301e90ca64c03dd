import { describe, expect, it } from 'vitest';
import { channelLabel, messageStatus, messageWhat } from './message-labels';

describe('what the admin reads of a message to the client', () => {
  it('names each kind, a reminder with its offset', () => {
    expect(messageWhat({ kind: 'confirmation', status: 'sent', detail: null })).toBe('Confirmation');
    expect(messageWhat({ kind: 'reminder', status: 'sent', detail: '24h' })).toBe('Reminder (24h)');
    expect(messageWhat({ kind: 'rescheduled', status: 'sent', detail: null })).toBe('Rescheduled');
    expect(messageWhat({ kind: 'cancelled', status: 'sent', detail: null })).toBe('Cancellation');
    expect(messageWhat({ kind: 'refund_issued', status: 'sent', detail: null })).toBe('Refund notice');
    expect(messageWhat({ kind: 'payment_receipt', status: 'sent', detail: null })).toBe('Payment receipt');
  });

  it('does not take a failed reminder’s reason for its offset', () => {
    expect(messageWhat({ kind: 'reminder', status: 'failed', detail: 'SMTP refused' })).toBe('Reminder');
  });

  it('names the channel', () => {
    expect(channelLabel('email')).toBe('E-mail');
    expect(channelLabel('whatsapp')).toBe('WhatsApp');
  });

  it('shows each status in words, a failure with its reason', () => {
    expect(messageStatus({ status: 'sent', detail: '2h' })).toEqual({ label: 'Sent', tone: 'success' });
    expect(messageStatus({ status: 'failed', detail: 'Template not approved' })).toEqual({
      label: 'Failed: Template not approved',
      tone: 'danger',
    });
    expect(messageStatus({ status: 'unknown', detail: null }).label).toBe(
      'Not sure it was sent (server stopped while sending)',
    );
    expect(messageStatus({ status: 'sending', detail: null }).label).toBe('Sending…');
  });
});

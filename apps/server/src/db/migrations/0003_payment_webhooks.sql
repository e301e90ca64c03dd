-- Webhook deliveries already handled, by the provider's event id: a replay changes nothing.
CREATE TABLE payment_webhook_events (
  event_id text PRIMARY KEY,
  event text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

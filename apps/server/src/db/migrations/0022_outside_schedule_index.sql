-- Issue 30 (decision 054): the bookings outside their therapist's schedule (the dashboard's
-- notice, the Outside schedule page, a schedule or holiday saved) are looked for among the
-- upcoming bookings that hold a slot, admin blocks left out. This index holds exactly those, in
-- (date, start, id) order, with what the check needs: one index-only range scan of the window.
-- Its filter is holdsSlotSql's (apps/server/src/db/holds-slot-sql.ts) and the query's own.
CREATE INDEX bookings_held_by_clients_idx
  ON bookings (booking_date, booking_time_slot_start, id)
  INCLUDE (therapist_id, booking_time_slot_end, location_id)
  WHERE NOT cancelled AND payment_status NOT IN ('FAILED', 'CANCELLED')
    AND booking_type <> 'ADMIN_BLOCK';

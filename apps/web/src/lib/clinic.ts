/** The clinic's time zone: "today", the booking window and slot times are reckoned in it. */
export const CLINIC_TIME_ZONE = 'Asia/Kolkata';

// The specification fixes a centre phone number on the location cards but not its value.
export const CENTRE_PHONE = '+91 22 4000 0000';

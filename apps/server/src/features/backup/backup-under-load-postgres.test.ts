import { describeBackupRoundTrip } from '../../test/backup-round-trip.ts';

// Issue 24's round trip on PostgreSQL (keys copied beside the backup by hand); one file per backend, so both run side by side.
describeBackupRoundTrip('postgres');

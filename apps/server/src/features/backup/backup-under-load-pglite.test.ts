import { describeBackupRoundTrip } from '../../test/backup-round-trip.ts';

// Issue 24's round trip on the embedded database (keys sealed with a passphrase); one file per backend, so both run side by side.
describeBackupRoundTrip('pglite');

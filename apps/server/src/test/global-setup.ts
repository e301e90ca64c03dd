import { startBuildingTestImages } from './test-images.ts';

/** The API tests' run: one migrated database to copy, built while the first files load (ADR 050). */
export default function setup() {
  return startBuildingTestImages();
}

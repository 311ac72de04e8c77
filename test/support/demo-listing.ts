// What the demo listing page (simulator/demo/listing.html) shows: the VINs that get a badge, sorted.
// The eighth VIN is only in the page's JSON state, with no card to badge (still counted in the toolbar).
export const DEMO_LISTING_BADGES = [
  '1C6RD6FT1CS310366',
  '1FMDU34X7PUD75574',
  '1G1PG5SC3C7167133',
  '4T1BB3EK5AU118081',
  '5N3ZA0NE1AN908084',
  'KNAE55LC7J6018811',
  'WAULFAFR6DA001366',
];
export const DEMO_LISTING_VIN_COUNT = 8;

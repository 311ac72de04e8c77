/** The library database's name and current version: one place, so a bench or test writing it as the background keeps it opens the version the background will (a stale copy broke CI when version 4 came). */
export const LIBRARY_DB = { name: 'vin-history-library', version: 7 } as const;

// The library database as earlier releases created it, opened at that version for a test to fill
// with what that release stored (each upgrade test then opens it with the current background).
// Versions: 1 reports, 2 key facts, 3 complete copies and their files, 4 the memory's listings and
// watched vehicles, 5 the same stores (its listings' points with units: issue 54), 6 the cars of each
// model seen (`models`: issue 57).
import { openDB } from 'idb';

export function openPreviousLibrary(version: 3 | 4 | 5 | 6) {
  return openDB('vin-history-library', version, {
    upgrade(database) {
      const store = database.createObjectStore('reports', { keyPath: ['provider', 'id'] });
      store.createIndex('lastOpenedAt', 'lastOpenedAt');
      database.createObjectStore('facts', { keyPath: ['provider', 'id'] });
      database.createObjectStore('copies', { keyPath: ['provider', 'id'] });
      database.createObjectStore('assets', { keyPath: 'hash' });
      if (version < 4) return;
      database.createObjectStore('listings', { keyPath: 'k' });
      database.createObjectStore('watched', { keyPath: 'vin' });
      if (version < 6) return;
      database.createObjectStore('models', { keyPath: 'mm' });
    },
  });
}
